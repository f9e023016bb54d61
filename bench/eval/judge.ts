// The judge (docs/decisions/0038-evaluation-runner.md): the tenant's appointments and patients before and after the
// call, read through the API, against what the caller wanted; the call's record (transferred or not); and what the
// agent said: facts, silent turns, questions repeated.
import type { Api } from "./api";
import type { Heard } from "./client";
import { numbersToDigits } from "./numbers";
import { plain } from "./play";
import type { SeededTenant } from "./seed";
import type { Clock, Day, EvalCall } from "./types";

export interface ApptRow {
  id: string;
  clientId: string;
  professionalId: string;
  scheduledAt: string;
  status: string;
  confirmedAt: string | null;
  offeredServices: { offeredServiceId: string; offeredServiceName: string }[];
}
export interface ClientRow {
  id: string;
  fullName: string;
  phoneNumber: string;
  documentNumber: string | null;
}
export interface Snapshot {
  appointments: ApptRow[];
  clients: ClientRow[];
}

export async function snapshot(api: Api): Promise<Snapshot> {
  const [appointments, clients] = await Promise.all([
    api.request<ApptRow[]>("GET", "/appointments?startDate=2030-05-01&endDate=2030-07-31"),
    api.request<ClientRow[]>("GET", "/clients"),
  ]);
  return { appointments, clients };
}

/** The call's record once the gateway has finished it (status no longer ACTIVE), or null after `timeoutMs`. */
export async function finishedRecord(
  api: Api,
  callId: string,
  timeoutMs = 15_000,
): Promise<{ status: string } | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const record = await api.request<{ status: string }>("GET", `/conversations/${callId}`);
      if (record.status !== "ACTIVE") return record;
    } catch {
      // Not written yet.
    }
    if (Date.now() > deadline) return null;
    await new Promise((r) => setTimeout(r, 300));
  }
}

export interface Verdict {
  task: boolean;
  /** Why the task failed (empty when it succeeded). */
  misses: string[];
  wrongWrites: string[];
  facts: { what: string; said: boolean }[];
  silentTurns: number;
  /** Questions the agent asked three times or more, with the count. */
  repeats: { question: string; times: number }[];
  transferred: boolean;
}

const dayOf = (at: string) => at.slice(0, 10);
const clockOf = (at: string) => at.slice(11, 16);
const inWindow = (at: string, day: Day, exact?: Clock, between?: [Clock, Clock]) =>
  dayOf(at) === day &&
  (exact ? clockOf(at) === exact : between ? clockOf(at) >= between[0] && clockOf(at) <= between[1] : true);
const digits = (s: string | null) => (s ?? "").replace(/\D/g, "");
const describeAppt = (a: ApptRow) =>
  `${a.offeredServices.map((s) => s.offeredServiceName).join(" + ")} ${dayOf(a.scheduledAt)} ${clockOf(a.scheduledAt)}`;

export function judge(input: {
  call: EvalCall;
  tenant: SeededTenant;
  before: Snapshot;
  after: Snapshot;
  status: string | null;
  log: Heard[];
  silentTurns: number;
}): Verdict {
  const { call, tenant, before, after } = input;
  const want = call.expect;
  const misses: string[] = [];
  const wrong: string[] = [];
  const beforeById = new Map(before.appointments.map((a) => [a.id, a]));
  const afterById = new Map(after.appointments.map((a) => [a.id, a]));
  const knownClients = new Set(before.clients.map((c) => c.id));
  const newClients = after.clients.filter((c) => !knownClients.has(c.id));
  const created = after.appointments.filter((a) => !beforeById.has(a.id) && a.status !== "CANCELED");
  const createdCanceled = after.appointments.filter((a) => !beforeById.has(a.id) && a.status === "CANCELED");
  const refId = (key: string) => tenant.appointments.get(key) ?? "";
  const clientName = (id: string) => after.clients.find((c) => c.id === id)?.fullName ?? id;
  const consumed = new Set<string>();
  const handled = new Set<string>();

  // Moves: the appointment itself at the new time, or it cancelled and the same services booked at the new time.
  for (const move of want.move ?? []) {
    const id = refId(move.ref);
    handled.add(id);
    const was = beforeById.get(id);
    const now = afterById.get(id);
    if (!was) continue;
    if (now && now.status !== "CANCELED" && inWindow(now.scheduledAt, move.day, move.at, move.between))
      continue;
    const gone = !now || now.status === "CANCELED";
    const rebooked = gone
      ? created.find(
          (a) =>
            !consumed.has(a.id) &&
            a.clientId === was.clientId &&
            inWindow(a.scheduledAt, move.day, move.at, move.between),
        )
      : undefined;
    if (rebooked) {
      consumed.add(rebooked.id);
      continue;
    }
    misses.push(`not moved to ${move.day} ${move.at ?? move.between?.join("-") ?? ""}: ${move.ref}`);
    if (now && now.scheduledAt !== was.scheduledAt && now.status !== "CANCELED")
      wrong.push(`moved ${move.ref} to the wrong time (${describeAppt(now)})`);
    if (gone) wrong.push(`cancelled ${move.ref} instead of moving it`);
  }
  for (const key of want.cancel ?? []) {
    const id = refId(key);
    handled.add(id);
    const now = afterById.get(id);
    if (now && now.status !== "CANCELED") misses.push(`not cancelled: ${key}`);
  }
  for (const key of want.confirm ?? []) {
    const id = refId(key);
    handled.add(id);
    const now = afterById.get(id);
    if (!now?.confirmedAt || now.status === "CANCELED") misses.push(`not confirmed: ${key}`);
    else if (now.scheduledAt !== beforeById.get(id)?.scheduledAt)
      wrong.push(`moved ${key} while confirming it`);
  }
  const mayConfirm = new Set((want.mayConfirm ?? []).map(refId));
  // Every other existing appointment must be as it was.
  for (const was of before.appointments) {
    if (handled.has(was.id)) continue;
    const now = afterById.get(was.id);
    const key = [...tenant.appointments].find(([, id]) => id === was.id)?.[0] ?? was.id;
    if (!now) wrong.push(`deleted ${key}`);
    else if (now.status !== was.status)
      wrong.push(`${now.status === "CANCELED" ? "cancelled" : "changed the status of"} ${key}`);
    else if (now.scheduledAt !== was.scheduledAt) wrong.push(`moved ${key} to ${describeAppt(now)}`);
    else if (now.confirmedAt !== was.confirmedAt && !mayConfirm.has(was.id))
      wrong.push(`confirmed ${key} (not asked)`);
  }

  // Bookings: the created appointments covering each booking's services on its day, starting at its time.
  const nameOk = (name: string) => {
    const n = plain(name);
    const patterns = [...(want.clientNames ?? []), ...(want.newClient ? [want.newClient.name] : [])];
    // The caller registered under the name they gave is never a wrong write, booking or not.
    const own = call.persona?.name ? plain(call.persona.name) : null;
    return patterns.some((re) => re.test(n)) || (own !== null && n.trim() === own.trim());
  };
  for (const booking of want.book ?? []) {
    const clientOk = (a: ApptRow) =>
      booking.client
        ? a.clientId === tenant.clients.get(booking.client)
        : !knownClients.has(a.clientId) && nameOk(clientName(a.clientId));
    const candidates = created.filter(
      (a) => !consumed.has(a.id) && dayOf(a.scheduledAt) === booking.day && clientOk(a),
    );
    const wanted = booking.services.map((s) => plain(s));
    const covering = candidates.filter((a) =>
      a.offeredServices.some((s) => wanted.some((w) => plain(s.offeredServiceName).includes(w))),
    );
    const covered = wanted.every((w) =>
      covering.some((a) => a.offeredServices.some((s) => plain(s.offeredServiceName).includes(w))),
    );
    const first = [...covering].sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt))[0];
    if (covered && first && inWindow(first.scheduledAt, booking.day, booking.at, booking.between)) {
      for (const a of covering) consumed.add(a.id);
    } else {
      misses.push(
        `not booked: ${booking.services.join(" + ")} ${booking.day} ${booking.at ?? booking.between?.join("-") ?? ""}`,
      );
    }
  }
  for (const a of created) {
    if (!consumed.has(a.id))
      wrong.push(`booked ${describeAppt(a)} for ${clientName(a.clientId)} (not asked)`);
  }
  for (const a of createdCanceled) wrong.push(`booked and cancelled ${describeAppt(a)}`);

  // Patients: a new one only with the caller's name; the data the caller gave.
  for (const c of newClients) {
    if (!nameOk(c.fullName)) wrong.push(`registered a patient named '${c.fullName}'`);
  }
  if (want.newClient) {
    const mine = newClients.find((c) => want.newClient?.name.test(plain(c.fullName)));
    if (!mine) {
      if ((want.book ?? []).some((b) => !b.client)) misses.push("the caller not registered by name");
    } else {
      if (want.newClient.cpf && digits(mine.documentNumber) !== want.newClient.cpf)
        misses.push(`CPF '${mine.documentNumber ?? ""}' instead of ${want.newClient.cpf}`);
      if (want.newClient.phone && !digits(mine.phoneNumber).endsWith(want.newClient.phone.slice(-9)))
        misses.push(`phone '${mine.phoneNumber}' instead of ${want.newClient.phone}`);
    }
  }
  for (const was of before.clients) {
    const now = after.clients.find((c) => c.id === was.id);
    if (!now) wrong.push(`deleted patient ${was.fullName}`);
    else if (
      now.fullName !== was.fullName ||
      digits(now.phoneNumber) !== digits(was.phoneNumber) ||
      digits(now.documentNumber) !== digits(was.documentNumber)
    )
      wrong.push(
        `changed patient ${was.fullName} → ${now.fullName} ${now.phoneNumber} ${now.documentNumber ?? ""}`,
      );
  }

  const transferred = input.status === "TRANSFERRED";
  const wantTransfer = want.transfer ?? false;
  if (input.status === null) misses.push("the call's record was not finished");
  if (wantTransfer === true && !transferred) misses.push("not transferred");
  if (wantTransfer === false && transferred) misses.push("transferred (not asked)");

  const said = plain(
    input.log
      .filter((h) => h.kind === "agent")
      .map((h) => h.text)
      .join(" "),
  );
  const saidInDigits = numbersToDigits(said);
  const facts = (want.says ?? []).map((f) => ({
    what: f.what,
    said: f.re.test(said) || f.re.test(saidInDigits),
  }));

  const questions = new Map<string, number>();
  for (const h of input.log) {
    if (h.kind !== "agent") continue;
    for (const sentence of h.text.split(/(?<=[?.!])\s+/)) {
      if (!sentence.trim().endsWith("?")) continue;
      const key = plain(sentence)
        .replace(/[^\p{L}\p{N} ]/gu, "")
        .trim();
      questions.set(key, (questions.get(key) ?? 0) + 1);
    }
  }
  const repeats = [...questions].filter(([, n]) => n >= 3).map(([question, times]) => ({ question, times }));

  return {
    task: misses.length === 0 && wrong.length === 0,
    misses,
    wrongWrites: wrong,
    facts,
    silentTurns: input.silentTurns,
    repeats,
    transferred,
  };
}
