// Test support: realistic call records written through the same writer the telephony gateway uses, inside a tenant
// transaction (so the writes pass row-level security as `app_user`, as the gateway's will).
import { type Database, dataAccess } from "@atende/db";
import { type RecordConversationInput, recordConversation } from "../calls/conversations";

const SECOND = 1000;

/**
 * Records one finished inbound call for `tenantId`: a short booking dialogue, two actions, collected data and a
 * summary, starting at `startedAt` (default 2030-06-03 10:00 in São Paulo). Any field can be overridden; messages and
 * actions given in `overrides` replace the defaults whole. Answers the conversation's id.
 */
export async function seedConversation(
  db: Database,
  tenantId: string,
  overrides: Partial<RecordConversationInput> = {},
): Promise<string> {
  const startedAt = overrides.startedAt ?? new Date("2030-06-03T10:00:00-03:00");
  const at = (seconds: number) => new Date(startedAt.getTime() + seconds * SECOND);
  const input: RecordConversationInput = {
    status: "COMPLETED",
    direction: "INBOUND",
    clientName: "Maria Silva",
    phoneNumber: "+5511987654321",
    clientEmail: "maria@exemplo.com.br",
    establishmentName: "Clínica Centro",
    summary: "Paciente agendou consulta de rotina para sexta-feira às 15h.",
    endedAt: at(95),
    messages: [
      { sender: "AGENT", content: "Olá! Clínica Centro, como posso ajudar?", timestamp: at(1) },
      { sender: "CALLER", content: "Quero marcar uma consulta para sexta.", timestamp: at(6) },
      { sender: "AGENT", content: "Tenho sexta às 15h. Posso confirmar?", timestamp: at(12) },
      { sender: "CALLER", content: "Pode sim, obrigada.", timestamp: at(18) },
    ],
    actions: [
      { actionType: "CLIENT_IDENTIFIED", timestamp: at(8) },
      {
        actionType: "APPOINTMENT_CREATED",
        timestamp: at(20),
        details: { scheduledAt: "2030-06-07T15:00:00-03:00" },
      },
    ],
    collectedData: { nome: "Maria Silva", servico: "Consulta de rotina" },
    ...overrides,
    startedAt,
  };
  const { id } = await dataAccess(db).inTenant(tenantId, (tx) => recordConversation(tx, input));
  return id;
}
