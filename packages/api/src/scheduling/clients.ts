// Clients, "Pacientes" in the product (spec 001 §3, §5 Patient form). Soft delete: past appointments and calls keep
// pointing at the row.
import { readShape, schema, type TenantTx } from "@atende/db";
import { and, eq, ilike, isNull, like, or, sql } from "@atende/db/orm";
import { normalisedPhone } from "@atende/shared/phone-format";
import { type Client, CLIENT_MESSAGES as M } from "@atende/shared/schemas/clients";
import { toWireInstant } from "@atende/shared/time";
import { catalogue, sortByName } from "../catalogue/catalogues";

const t = schema.clients;

export const CLIENT_IN_USE = "Não é possível excluir: existem agendamentos futuros para este paciente.";

const toRecord = (row: typeof t.$inferSelect): Client => ({
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
});

export const clients = catalogue({
  table: t,
  selectAll: (db) => db.select().from(t),
  nameOf: (row) => row.fullName,
  toRecord,
  notFoundMessage: M.notFound,
  inUse: { reference: "clientId", message: CLIENT_IN_USE },
});

/** `%…%` for LIKE with the user's `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

// spec 001 §2 (Patients): the name contains the search, case-insensitive; or the CPF or the phone contains it.
// When the search looks like a number (digits and phone or CPF punctuation only), the CPF and phone also match on
// digits alone, through the columns the database normalises (decision 0041), so '98765' finds `(11) 98765-4321`,
// `11987654321` and `+5511987654321` alike. Three shapes, each built once (decision 0061): all, by text, by text or
// digits.
const contains = sql.placeholder("contains");
const byText = or(
  ilike(t.fullName, contains),
  like(t.documentNumber, contains),
  like(t.phoneNumber, contains),
);
const byDigits = or(
  like(t.phoneE164, sql.placeholder("digits")),
  like(t.documentDigits, sql.placeholder("digits")),
);
const active = isNull(t.deletedAt);
const allClients = readShape("clients_all", (db) => db.select().from(t).where(active));
const clientsByText = readShape("clients_by_text", (db) => db.select().from(t).where(and(active, byText)));
const clientsByTextOrDigits = readShape("clients_by_text_or_digits", (db) =>
  db
    .select()
    .from(t)
    .where(and(active, or(byText, byDigits))),
);

/** The clients, all or those matching `search` (spec 001 §2), by name. */
export async function listClients(db: TenantTx, search?: string): Promise<Client[]> {
  const digits = search && /^[\d\s()+./-]+$/.test(search) ? search.replace(/\D/g, "") : "";
  const rows = !search
    ? await allClients(db, {})
    : digits
      ? await clientsByTextOrDigits(db, { contains: containing(search), digits: `%${digits}%` })
      : await clientsByText(db, { contains: containing(search) });
  return sortByName(rows, (row) => row.fullName).map(toRecord);
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
