// Runs a scenario (data) against the offline engine and the in-memory tools, and checks its expectations.

import { instantAt, isoWeekday, toWireInstant } from "@atende/shared/time";
import { createOfflineEngine } from "../src/dialog";
import { fold, moneyWords } from "../src/normalize";
import type { AgentEvent, CallerInput } from "../src/types";
import { FakeTools } from "./fake-tools";
import { FIXTURES, type FixtureId } from "./fixtures";
import type { Grounds } from "./grounding";

/** A caller turn; `{ bargeIn: true }` reports that the caller cut the last reply's final sentence short. */
export type Turn = string | { dtmf: string } | { silence: 1 | 2 } | { bargeIn: true };

export interface Booking {
  professional?: string;
  service?: string;
  /** Every one of these services in the one booking (keys). */
  services?: string[];
  establishment?: string;
  /** São Paulo wall clock 'yyyy-MM-ddTHH:mm'. */
  at?: string;
}

export interface Scenario {
  id: string;
  fixture: FixtureId;
  /** The call's clock, ISO with offset. */
  now: string;
  caller: string | null;
  /** 'race': another booking takes the chosen slot just before the first create; 'network': the first write
   * attempt fails with a network error after the tool ran (the retry must reuse its toolCallId). */
  setup?: "race" | "network";
  /** Days ('yyyy-MM-dd') on which every weekly window is taken by another patient's appointment. */
  full?: string[];
  turns: Turn[];
  /** Must pass (the test fails otherwise); the rest is reported. */
  must: boolean;
  expect: {
    created?: Booking | false;
    rescheduled?: { appointment: string; at?: string } | false;
    cancelled?: string | false;
    confirmed?: string | false;
    clientCreated?: { fullName?: string; documentNumber?: string; phoneNumber?: string } | false;
    /** A patient's record after the call (fixture id key); phone and CPF compared by digits. */
    clientUpdated?:
      | {
          client: string;
          fullName?: string;
          phoneNumber?: string;
          documentNumber?: string;
          healthInsuranceProvider?: string | null;
          healthInsuranceNumber?: string | null;
        }
      | false;
    /** A waitlist wish added (keys of the fixture; null: whichever), or none (false). */
    wish?:
      | {
          service: string;
          professional?: string | null;
          establishment?: string | null;
          fromDate: string;
          untilDate: string;
          dayPart: string;
        }
      | false;
    /** Accent- and case-insensitive substrings some `say` must contain. */
    say?: string[];
    notSay?: string[];
    transfer?: boolean;
    end?: boolean;
    actions?: string[];
    /** Accent- and case-insensitive substrings of the call's summary. */
    summary?: string[];
  };
}

export interface Outcome {
  id: string;
  must: boolean;
  ok: boolean;
  problems: string[];
  transcript: string[];
  /** The agent's lines, in order. */
  said: string[];
  /** What the agent may speak of: the tenant's data, the tools' answers, the caller's own words. */
  grounds: Grounds;
}

const said = (events: AgentEvent[]) =>
  events.filter((e) => e.type === "say").map((e) => (e as { text: string }).text);

function wall(at: string): string {
  const d = new Date(new Date(at).getTime() - 3 * 3_600_000);
  return d.toISOString().slice(0, 16);
}

export async function runScenario(s: Scenario): Promise<Outcome> {
  const fixture = FIXTURES[s.fixture]();
  const now = () => new Date(s.now);
  const tools = new FakeTools(fixture, now);
  const knownClient = s.caller ? await tools.findClientByPhone(s.caller) : null;
  tools.calls.length = 0;
  if (s.setup === "race") {
    tools.beforeWrite = (tool, input, attempt) => {
      if (tool !== "createAppointment" || attempt > 1 || tools.appointments.some((a) => a.id === "race"))
        return;
      const i = input as { professionalId: string; establishmentId: string; scheduledAt: string };
      const base = fixture.appointments[0]!;
      tools.appointments.push({
        ...base,
        id: "race",
        clientId: fixture.clients[0]!.id,
        professionalId: i.professionalId,
        establishmentId: i.establishmentId,
        scheduledAt: i.scheduledAt,
        endsAt: new Date(new Date(i.scheduledAt).getTime() + 60 * 60_000).toISOString(),
      });
    };
  }
  for (const day of s.full ?? []) {
    const base = fixture.appointments[0]!;
    for (const w of fixture.windows.filter((x) => x.weekdays.includes(isoWeekday(day)))) {
      const start = instantAt(day, w.start);
      tools.appointments.push({
        ...base,
        id: `full-${day}-${w.professional}-${w.establishment}`,
        clientId: fixture.clients[fixture.clients.length - 1]!.id,
        professionalId: w.professional,
        establishmentId: w.establishment,
        scheduledAt: toWireInstant(start),
        endsAt: toWireInstant(new Date(start.getTime() + (w.end - w.start) * 60_000)),
        status: "SCHEDULED",
      });
    }
  }
  if (s.setup === "network") {
    const create = tools.createAppointment.bind(tools);
    let failed = false;
    tools.createAppointment = async (id, input) => {
      const result = await create(id, input);
      if (!failed) {
        failed = true;
        throw new Error("fetch failed");
      }
      return result;
    };
  }
  let n = 0;
  let lastSays: string[] = [];
  const engine = createOfflineEngine({ newId: () => `call-${++n}` });
  const session = engine.start(
    fixture.knowledge,
    { callId: s.id, callerNumber: s.caller, now, knownClient },
    tools,
  );
  const events: AgentEvent[] = [];
  const transcript: string[] = [];
  const problems: string[] = [];
  const collect = async (it: AsyncIterable<AgentEvent>) => {
    for await (const e of it) {
      events.push(e);
      if (e.type === "say") transcript.push(`A: ${e.text}`);
    }
  };
  try {
    await collect(session.greet(new AbortController().signal));
    for (const turn of s.turns) {
      if (events.some((e) => e.type === "end" || e.type === "transfer")) break;
      if (typeof turn !== "string" && "bargeIn" in turn) {
        session.interrupted(lastSays.slice(0, -1));
        transcript.push("(barge-in: the last sentence unheard)");
        continue;
      }
      const input: CallerInput =
        typeof turn === "string"
          ? { kind: "speech", text: turn }
          : "dtmf" in turn
            ? { kind: "dtmf", digits: turn.dtmf }
            : { kind: "silence", prompts: turn.silence };
      transcript.push(`C: ${typeof turn === "string" ? turn : JSON.stringify(turn)}`);
      const before = events.length;
      await collect(session.respond(input, new AbortController().signal));
      lastSays = said(events.slice(before));
    }
  } catch (error) {
    problems.push(`threw: ${String(error)}`);
  }
  const ids = fixture.ids as Record<string, string>;
  const writes = tools.calls.filter((c) => c.ran);
  const creates = writes.filter((c) => c.tool === "createAppointment");
  const updates = writes.filter((c) => c.tool === "updateAppointment");
  const e = s.expect;
  const okCreate = (b: Booking) =>
    creates.some((c) => {
      const i = c.input as {
        professionalId: string;
        establishmentId: string;
        scheduledAt: string;
        offeredServices: string[];
      };
      const created = tools.appointments.some(
        (a) => a.scheduledAt === i.scheduledAt && a.professionalId === i.professionalId,
      );
      return (
        created &&
        (!b.professional || i.professionalId === ids[b.professional]) &&
        (!b.establishment || i.establishmentId === ids[b.establishment]) &&
        (!b.service || i.offeredServices.includes(ids[b.service]!)) &&
        (!b.services ||
          (b.services.length === i.offeredServices.length &&
            b.services.every((k) => i.offeredServices.includes(ids[k]!)))) &&
        (!b.at || wall(i.scheduledAt) === b.at)
      );
    });
  if (e.created === false && creates.length) problems.push("booked, expected no booking");
  if (e.created && !okCreate(e.created))
    problems.push(
      `no booking like ${JSON.stringify(e.created)}; made ${JSON.stringify(creates.map((c) => c.input))}`,
    );
  const apptOf = (key: string) => tools.appointments.find((a) => a.id === ids[key]);
  if (e.rescheduled === false && updates.some((u) => (u.input as { status: string }).status === "SCHEDULED"))
    problems.push("rescheduled, expected not");
  const r = e.rescheduled;
  if (r) {
    const a = apptOf(r.appointment);
    const original = FIXTURES[s.fixture]().appointments.find((x) => x.id === ids[r.appointment]);
    if (!a || a.scheduledAt === original?.scheduledAt || a.status !== "SCHEDULED")
      problems.push("not rescheduled");
    else if (r.at && wall(a.scheduledAt) !== r.at) problems.push(`rescheduled to ${a.scheduledAt}`);
  }
  if (e.cancelled === false && tools.appointments.some((a) => a.status === "CANCELED"))
    problems.push("cancelled, expected not");
  if (e.cancelled && apptOf(e.cancelled)?.status !== "CANCELED")
    problems.push(`${e.cancelled} not cancelled`);
  const confirms = writes.filter((c) => c.tool === "confirmAppointment");
  if (e.confirmed === false && confirms.length) problems.push("confirmed, expected not");
  if (e.confirmed && !confirms.some((c) => c.input === ids[e.confirmed as string]))
    problems.push(`${e.confirmed} not confirmed`);
  const createdClients = writes.filter((c) => c.tool === "createClient");
  if (e.clientCreated === false && createdClients.length) problems.push("registered a client, expected not");
  if (e.clientCreated) {
    const want = e.clientCreated;
    const hit = tools.clients
      .slice(fixture.clients.length)
      .some(
        (c) =>
          (!want.fullName || c.fullName === want.fullName) &&
          (!want.documentNumber ||
            (c.documentNumber ?? "").replace(/\D/g, "") === want.documentNumber.replace(/\D/g, "")) &&
          (!want.phoneNumber || c.phoneNumber.replace(/\D/g, "") === want.phoneNumber.replace(/\D/g, "")),
      );
    if (!hit)
      problems.push(
        `no client like ${JSON.stringify(want)}; got ${JSON.stringify(tools.clients.slice(fixture.clients.length).map((c) => [c.fullName, c.documentNumber, c.phoneNumber]))}`,
      );
  }
  const clientUpdates = writes.filter((c) => c.tool === "updateClient");
  if (e.clientUpdated === false && clientUpdates.length) problems.push("updated a client, expected not");
  if (e.clientUpdated) {
    const want = e.clientUpdated;
    const c = tools.clients.find((x) => x.id === ids[want.client]);
    const digits = (v: string | null | undefined) => (v ?? "").replace(/\D/g, "");
    const wrong: string[] = [];
    if (!clientUpdates.length) wrong.push("no updateClient ran");
    if (!c) wrong.push(`no client ${want.client}`);
    else {
      if (want.fullName !== undefined && c.fullName !== want.fullName) wrong.push(`fullName ${c.fullName}`);
      if (want.phoneNumber !== undefined && !digits(c.phoneNumber).endsWith(digits(want.phoneNumber)))
        wrong.push(`phoneNumber ${c.phoneNumber}`);
      if (want.documentNumber !== undefined && digits(c.documentNumber) !== digits(want.documentNumber))
        wrong.push(`documentNumber ${c.documentNumber}`);
      if (
        want.healthInsuranceProvider !== undefined &&
        c.healthInsuranceProvider !== want.healthInsuranceProvider
      )
        wrong.push(`healthInsuranceProvider ${c.healthInsuranceProvider}`);
      if (want.healthInsuranceNumber !== undefined && c.healthInsuranceNumber !== want.healthInsuranceNumber)
        wrong.push(`healthInsuranceNumber ${c.healthInsuranceNumber}`);
    }
    if (wrong.length) problems.push(`client not updated as expected: ${wrong.join(", ")}`);
  }
  const wishes = writes.filter((c) => c.tool === "addToWaitlist");
  if (e.wish === false && wishes.length) problems.push("added a waitlist wish, expected not");
  if (e.wish) {
    const want = e.wish;
    const key = (k: string | null | undefined) => (k == null ? k : ids[k]);
    const hit = tools.wishes.some(
      (w) =>
        w.offeredServiceId === ids[want.service] &&
        (want.professional === undefined || w.professionalId === key(want.professional)) &&
        (want.establishment === undefined || w.establishmentId === key(want.establishment)) &&
        w.fromDate === want.fromDate &&
        w.untilDate === want.untilDate &&
        w.dayPart === want.dayPart,
    );
    if (!hit) problems.push(`no wish like ${JSON.stringify(want)}; got ${JSON.stringify(tools.wishes)}`);
  }
  const allSaid = fold(said(events).join(" \n "));
  for (const phrase of e.say ?? [])
    if (!allSaid.includes(fold(phrase))) problems.push(`never said '${phrase}'`);
  for (const phrase of e.notSay ?? []) if (allSaid.includes(fold(phrase))) problems.push(`said '${phrase}'`);
  if (e.transfer !== undefined && e.transfer !== events.some((x) => x.type === "transfer"))
    problems.push(`transfer ${!e.transfer}`);
  if (e.end !== undefined && e.end !== events.some((x) => x.type === "end")) problems.push(`end ${!e.end}`);
  const actions = events
    .filter((x) => x.type === "action")
    .map((x) => (x as { actionType: string }).actionType);
  for (const a of e.actions ?? []) if (!actions.includes(a)) problems.push(`no action ${a}`);

  // Corpus-wide rules: every price said is a catalogue price; every write came after a read-back.
  const prices = new Set(
    fixture.knowledge.services
      .filter((x) => x.priceType === "FIXED" && x.priceInCents)
      .map((x) => fold(moneyWords(x.priceInCents!))),
  );
  for (const m of allSaid.matchAll(/([a-z ]+?) reais/g)) {
    const last = m[1]!.trim().split(" ").pop() ?? "";
    if (![...prices].some((p) => ` ${p}`.includes(` ${last} reais`))) {
      problems.push(`spoke a price not in the catalogue: '${m[0]}'`);
    }
  }
  const summary = fold(session.summary());
  for (const phrase of e.summary ?? [])
    if (!summary.includes(fold(phrase))) problems.push(`summary lacks '${phrase}': ${session.summary()}`);
  const ids2 = writes.filter((c) => c.toolCallId).map((c) => `${c.tool}:${c.toolCallId}`);
  if (new Set(ids2).size !== ids2.length) problems.push("a toolCallId ran twice");
  const grounds: Grounds = {
    knowledge: fixture.knowledge,
    slots: tools.answeredSlots,
    clients: [...fixture.clients, ...tools.clients],
    appointments: [...fixture.appointments, ...tools.appointments],
    callerSaid: s.turns.filter((t): t is string => typeof t === "string"),
    now: new Date(s.now),
  };
  return {
    id: s.id,
    must: s.must,
    ok: problems.length === 0,
    problems,
    transcript,
    said: said(events),
    grounds,
  };
}
