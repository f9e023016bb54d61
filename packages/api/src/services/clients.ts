// Patients, "clients" on the wire (spec 001 §3, §5 Patient form). Soft delete: past appointments and calls keep
// pointing at the row.
import { type Queryable, schema } from "@atende/db";
import { ilike, inArray, like, or, type SQL, sql } from "@atende/db/orm";
import {
  type Client,
  type ClientCreate,
  type ClientUpdate,
  CLIENT_MESSAGES as M,
  nationalPhoneDigits,
} from "@atende/shared/schemas/clients";
import { toWireInstant } from "@atende/shared/time";
import { conflict, notFound } from "../errors";
import { hasFutureAppointment, softDeletable } from "./catalogues";

const t = schema.clients;
type Row = typeof t.$inferSelect;

export const CLIENT_IN_USE = "Não é possível excluir: existem agendamentos futuros para este paciente.";

function toRecord(row: Row): Client {
  return {
    id: row.id,
    tenantId: row.tenantId,
    fullName: row.fullName,
    documentNumber: row.documentNumber,
    phoneNumber: row.phoneNumber,
    email: row.email,
    healthInsuranceProvider: row.healthInsuranceProvider,
    healthInsuranceNumber: row.healthInsuranceNumber,
    observations: row.observations,
    createdAt: toWireInstant(row.createdAt),
  };
}

const catalogue = softDeletable({
  table: t,
  selectAll: (db) => db.select().from(t),
  nameOf: (row) => row.fullName,
  notFoundMessage: M.notFound,
});

/** `%…%` for LIKE with the user's `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

const digitsOf = (column: typeof t.phoneNumber | typeof t.documentNumber) =>
  sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

/**
 * spec 001 §2 (Patients): the name contains the search, case-insensitive; or the CPF or the phone contains it.
 * When the search looks like a number (digits and phone or CPF punctuation only), the CPF and phone also match on
 * digits alone, so '11 98765' finds '(11) 98765-4321'.
 */
function searchCondition(search: string): SQL | undefined {
  const digits = /^[\d\s()+./-]+$/.test(search) ? search.replace(/\D/g, "") : "";
  return or(
    ilike(t.fullName, containing(search)),
    like(t.documentNumber, containing(search)),
    like(t.phoneNumber, containing(search)),
    digits ? like(digitsOf(t.phoneNumber), `%${digits}%`) : undefined,
    digits ? like(digitsOf(t.documentNumber), `%${digits}%`) : undefined,
  );
}

export async function listClients(db: Queryable, tenantId: string, search?: string): Promise<Client[]> {
  const rows = await catalogue.listActive(db, tenantId, search ? searchCondition(search) : undefined);
  return rows.map(toRecord);
}

/**
 * The patients with this phone number, whatever its formatting: `+55 11 98765-4321`, `(11) 98765-4321` and
 * `011987654321` are one number. Several patients may share a phone (a family); ordered by name.
 */
export async function findClientsByPhone(
  db: Queryable,
  tenantId: string,
  phoneNumber: string,
): Promise<Client[]> {
  const digits = nationalPhoneDigits(phoneNumber);
  if (!digits) return [];
  const sameNumber = inArray(digitsOf(t.phoneNumber), [digits, `55${digits}`, `0${digits}`]);
  return (await catalogue.listActive(db, tenantId, sameNumber)).map(toRecord);
}

export async function getClient(db: Queryable, tenantId: string, id: string): Promise<Client> {
  return toRecord(await catalogue.findActiveOrThrow(db, tenantId, id));
}

export async function createClient(db: Queryable, tenantId: string, input: ClientCreate): Promise<Client> {
  const [row] = await db
    .insert(t)
    .values({ ...input, tenantId })
    .returning();
  if (!row) throw new Error("client insert returned nothing");
  return toRecord(row);
}

export async function updateClient(
  db: Queryable,
  tenantId: string,
  input: ClientUpdate,
  now: Date,
): Promise<Client> {
  const { id, ...fields } = input;
  const [row] = await db
    .update(t)
    .set({ ...fields, updatedAt: now })
    .where(catalogue.activeById(tenantId, id))
    .returning();
  if (!row) notFound(M.notFound);
  return toRecord(row);
}

/** Refused (409) while the patient has a future appointment; otherwise soft-deleted. Locked FOR UPDATE first. */
export async function deleteClient(db: Queryable, tenantId: string, id: string, now: Date): Promise<void> {
  await catalogue.lockActiveOrThrow(db, tenantId, id);
  if (await hasFutureAppointment(db, tenantId, now, "clientId", id)) conflict(CLIENT_IN_USE);
  await catalogue.softDelete(db, tenantId, id, now);
}
