// The gateway's only way to the data: the server's tRPC procedures over HTTP. The call ticket opens a call; from then
// on every request carries the agent credential, so the tenant checks and booking rules of the dashboard apply to
// callers too (docs/architecture.md "Voice pipeline"). Writes carry their tool call's id as `Idempotency-Key`.
import type { AgentTools } from "@atende/agent";
import { ToolError } from "@atende/agent";
import type { AppRouter } from "@atende/api";
import type { MessageSender } from "@atende/shared/enums";
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";

export type ServerClient = ReturnType<typeof createTRPCClient<AppRouter>>;

interface OperationContext extends Record<string, unknown> {
  idempotencyKey?: string;
}

/** A client for the server at `url` (…/trpc), with the bearer token when given. */
export function serverClient(url: string, token?: string): ServerClient {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url,
        headers({ op }) {
          const headers: Record<string, string> = {};
          if (token) headers.authorization = `Bearer ${token}`;
          const key = (op.context as OperationContext).idempotencyKey;
          if (key) headers["idempotency-key"] = key;
          return headers;
        },
      }),
    ],
  });
}

/** A procedure's refusal as the engine understands it: the HTTP status and the server's pt-BR message. */
export function toToolError(error: unknown): unknown {
  if (error instanceof TRPCClientError) {
    const data = error.data as { httpStatus?: number } | undefined;
    return new ToolError(data?.httpStatus ?? 500, error.message);
  }
  return error;
}

/** HTTP answers that mean the request never ran: a proxy without its server, or the database unavailable. */
const NOT_RUN_STATUSES = new Set([502, 503, 504]);

/**
 * Whether a call-record write may simply be sent again (decision 0032): no answer came at all (the connection was
 * refused or cut: the server is down or restarting), or a 502/503/504. Every record write is idempotent (a key, an
 * upsert or a once-only row), so one that did run before its answer was lost is not applied twice.
 */
export function retryableWrite(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const data = error.data as { httpStatus?: number } | undefined;
  if (data?.httpStatus !== undefined) return NOT_RUN_STATUSES.has(data.httpStatus);
  const status = (error.meta as { response?: { status?: number } } | undefined)?.response?.status;
  return status === undefined || NOT_RUN_STATUSES.has(status);
}

async function tool<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toToolError(error);
  }
}

const write = (idempotencyKey: string) => ({ context: { idempotencyKey } });

/** The engine's tools over the agent's procedures. */
export function agentTools(client: ServerClient): AgentTools {
  return {
    freeSlots: (input) => tool(() => client.appointments.freeSlots.query(input)),
    availabilityCheck: (input) => tool(() => client.appointments.availabilityCheck.query(input)),
    findClientByPhone: (phoneNumber) =>
      tool(async () => (await client.clients.findByPhone.query({ phoneNumber }))[0] ?? null),
    searchClients: (search) => tool(() => client.clients.list.query({ search })),
    createClient: (id, input) => tool(() => client.clients.create.mutate(input, write(id))),
    updateClient: (id, input) => tool(() => client.clients.update.mutate(input, write(id))),
    listAppointments: (input) => tool(() => client.appointments.list.query(input)),
    createAppointment: (id, input) => tool(() => client.appointments.create.mutate(input, write(id))),
    updateAppointment: (id, input) => tool(() => client.appointments.update.mutate(input, write(id))),
    confirmAppointment: (id, appointmentId) =>
      tool(() => client.appointments.confirm.mutate({ id: appointmentId }, write(id))),
    // 'Não quero receber ligações' on a confirmation call: the client's contact opt-out, source CALL, audited
    // (docs/decisions/0051-contact-opt-out.md).
    optOutOfCalls: (id, clientId) =>
      tool(async () => {
        await client.clients.optOutOfCalls.mutate({ clientId }, write(id));
      }),
    // The caller's wish when the wanted day is full (docs/decisions/0046-waitlist.md).
    addToWaitlist: (id, input) => tool(() => client.waitlist.create.mutate(input, write(id))),
    // The offer an offer call was placed for, answered with the call's own credential: the server answers only this
    // call's hold, and the same answer again is the same result (docs/decisions/0057-waitlist-offer-call.md).
    acceptWaitlistOffer: (holdId) => tool(() => client.waitlist.acceptCallOffer.mutate({ id: holdId })),
    declineWaitlistOffer: (holdId) =>
      tool(async () => {
        await client.waitlist.declineCallOffer.mutate({ id: holdId });
      }),
    // The message of a caller back from a transfer nobody answered: 'Recado para retornar' (decision 0056).
    takeMessage: (id, message) =>
      tool(async () => {
        await client.calls.takeMessage.mutate({ message }, write(id));
      }),
  };
}

export interface RecordMessage {
  sender: MessageSender;
  content: string;
  timestamp: string;
}
