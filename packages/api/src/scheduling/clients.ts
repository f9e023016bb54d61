// Clients, "Pacientes" in the product (spec 001 §3, §5 Patient form). Soft delete: past appointments and calls keep
// pointing at the row.
import { schema, type TenantTx } from "@atende/db";
import { eq, ilike, like, or, type SQL } from "@atende/db/orm";
import { normalisedPhone } from "@atende/shared/phone-format";
import { type Client, CLIENT_MESSAGES as M } from "@atende/shared/schemas/clients";
import { toWireInstant } from "@atende/shared/time";
import { catalogue } from "../catalogue/catalogues";

const t = schema.clients;

export const CLIENT_IN_USE = "Não é possível excluir: existem agendamentos futuros para este paciente.";

export const clients = catalogue({
  table: t,
  selectAll: (db) => db.select().from(t),
  nameOf: (row) => row.fullName,
  toRecord: (row): Client => ({
    id: row.id,
    tenantId: row.tenantId,
    fullName: row.fullName,
    documentNumber: row.documentNumber,
    phoneNumber: row.phoneNumber,
    email: row.email,
    healthInsuranceProvider: row.healthInsuranceProvider,
    healthInsuranceNumber: row.healthInsuranceNumber,
    observations: row.observations,
    contactOptOutAt: row.contactOptOutAt ? toWireInstant(row.contactOptOutAt) : null,
    petName: row.petName,
    petSpecies: row.petSpecies,
    createdAt: toWireInstant(row.createdAt),
  }),
  notFoundMessage: M.notFound,
  inUse: { reference: "clientId", message: CLIENT_IN_USE },
});

/** `%…%` for LIKE with the user's `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/**
 * spec 001 §2 (Patients): the name contains the search, case-insensitive; or the CPF or the phone contains it.
 * When the search looks like a number (digits and phone or CPF punctuation only), the CPF and phone also match on
 * digits alone, through the columns the database normalises (decision 0041), so '98765' finds `(11) 98765-4321`,
 * `11987654321` and `+5511987654321` alike.
 */
function searchCondition(search: string): SQL | undefined {
  const digits = /^[\d\s()+./-]+$/.test(search) ? search.replace(/\D/g, "") : "";
  return or(
    ilike(t.fullName, containing(search)),
    like(t.documentNumber, containing(search)),
    like(t.phoneNumber, containing(search)),
    digits ? like(t.phoneE164, `%${digits}%`) : undefined,
    digits ? like(t.documentDigits, `%${digits}%`) : undefined,
  );
}

/** The clients, all or those matching `search` (spec 001 §2), by name. */
export function listClients(db: TenantTx, search?: string): Promise<Client[]> {
  return clients.list(db, search ? searchCondition(search) : undefined);
}

/**
 * The clients with this phone number, whatever its formatting: `+55 11 98765-4321`, `(11) 98765-4321` and
 * `011987654321` are one number (the normalised column, decision 0041). Several clients may share a phone (a
 * family); ordered by name.
 */
export async function findClientsByPhone(db: TenantTx, phoneNumber: string): Promise<Client[]> {
  const e164 = normalisedPhone(phoneNumber);
  if (!e164) return [];
  return clients.list(db, eq(t.phoneE164, e164));
}
