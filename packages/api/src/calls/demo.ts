// The public demo call (spec 000 §5 "Demo call", `POST /calls/make-call`; docs/decisions/0019-twilio.md): the landing
// page's visitor gets a call from our agent speaking as a demo business of ours. It is abused by design (anyone can
// make us call any number), so it calls only Brazilian mobiles and fixed lines and is limited per client address, per
// destination number and per São Paulo day, with counters in the database (shared by replicas, kept over restarts).
// Everything here crosses tenants without a signed-in caller: the system access `demoCalls`.
import { type DataAccess, type SystemDb, schema } from "@atende/db";
import { sql } from "@atende/db/orm";
import { demoCallableNumber } from "@atende/shared/phone";
import {
  type CallPlacedResult,
  TELEPHONY_MESSAGES,
  TEST_CALL_MAX_SECONDS,
} from "@atende/shared/schemas/calls";
import { today } from "@atende/shared/time";
import { signCallTicket } from "../auth/call-tokens";
import type { ApiConfig } from "../config";
import { invalid, tooManyRequests } from "../errors";
import { connectStreamTwiml, telephonyOf } from "../telephony/provider";
import { placeCall } from "./dial-gate";
import { mediaStreamUrl } from "./webhooks";

/** Our demo business: fixed ids, so seeding at every start-up is idempotent and nothing else can take them. */
export const DEMO_TENANT_ID = "00000000-0000-4000-8000-00000000de00";
const DEMO_IDS = {
  agent: "00000000-0000-4000-8000-00000000de01",
  establishment: "00000000-0000-4000-8000-00000000de02",
  professional: "00000000-0000-4000-8000-00000000de03",
  service: "00000000-0000-4000-8000-00000000de04",
  availability: "00000000-0000-4000-8000-00000000de05",
} as const;

/**
 * Seeds the demo business once (every insert does nothing when its row exists, so a restart or a second replica
 * changes nothing): a voice agent, an establishment, a professional, a service and weekday availability, enough for the
 * offline engine to book in it during a demo call.
 */
export async function seedDemoTenant(data: DataAccess): Promise<void> {
  const sys = data.system("demoCalls");
  const tenantId = DEMO_TENANT_ID;
  await sys.transaction(async (tx) => {
    await tx
      .insert(schema.tenants)
      .values({
        id: tenantId,
        name: "Clínica Demonstração Atende",
        businessType: "CLINICA",
        openingHours: "Segunda a sexta, das 8h às 18h",
        paymentMethods: "Pix, cartão de crédito e débito",
      })
      .onConflictDoNothing();
    await tx
      .insert(schema.voiceAgents)
      .values({
        id: DEMO_IDS.agent,
        tenantId,
        agentType: "CLINICA_DE_SAUDE",
        voiceType: "FEMININE",
        voiceTone: "FRIENDLY",
        name: "Sofia",
        ddd: "11",
        welcomeMessage:
          "Olá! Aqui é a Sofia, da Clínica Demonstração Atende. Esta é uma ligação de demonstração: pode marcar uma consulta comigo. Como posso ajudar?",
      })
      .onConflictDoNothing();
    await tx
      .insert(schema.establishments)
      .values({
        id: DEMO_IDS.establishment,
        tenantId,
        name: "Unidade Paulista",
        address: "Avenida Paulista, 1000 - Bela Vista, São Paulo - SP",
        hasAccessibility: true,
      })
      .onConflictDoNothing();
    await tx
      .insert(schema.professionals)
      .values({ id: DEMO_IDS.professional, tenantId, name: "Dra. Ana Souza", specialty: "Clínica geral" })
      .onConflictDoNothing();
    await tx
      .insert(schema.offeredServices)
      .values({
        id: DEMO_IDS.service,
        tenantId,
        name: "Consulta",
        duration: 30,
        bufferDurationBefore: 0,
        bufferDurationAfter: 0,
        priceType: "FIXED",
        priceInCents: 15000,
        modality: "IN_PERSON",
      })
      .onConflictDoNothing();
    await tx
      .insert(schema.offeredServiceProfessionals)
      .values({ tenantId, offeredServiceId: DEMO_IDS.service, professionalId: DEMO_IDS.professional })
      .onConflictDoNothing();
    await tx
      .insert(schema.offeredServiceEstablishments)
      .values({ tenantId, offeredServiceId: DEMO_IDS.service, establishmentId: DEMO_IDS.establishment })
      .onConflictDoNothing();
    await tx
      .insert(schema.availabilities)
      .values({
        id: DEMO_IDS.availability,
        tenantId,
        professionalId: DEMO_IDS.professional,
        establishmentId: DEMO_IDS.establishment,
        patternType: "WEEKLY",
        daysOfWeek: [1, 2, 3, 4, 5],
        periodStart: "2020-01-01",
        periodEnd: "2099-12-31",
        startTime: "08:00",
        endTime: "18:00",
      })
      .onConflictDoNothing();
  });
}

const counters = schema.demoCallCounters;

/**
 * Counts one demo call against each limit, all or none: a counter at its limit refuses the call (429) and the
 * transaction leaves every counter as it was. `ON CONFLICT … DO UPDATE … WHERE` takes the row's lock, so two replicas
 * cannot both take the last call.
 */
async function countDemoCall(
  sys: SystemDb,
  config: ApiConfig,
  keys: { address: string; number: string },
  now: Date,
) {
  const day = today(now);
  const limits: [string, number][] = [
    [`address:${keys.address}`, config.demoCall.perAddress],
    [`number:${keys.number}`, config.demoCall.perNumber],
    ["day", config.demoCall.perDay],
  ];
  await sys.transaction(async (tx) => {
    for (const [key, limit] of limits) {
      if (limit <= 0) tooManyRequests(TELEPHONY_MESSAGES.demoLimit);
      const counted = await tx
        .insert(counters)
        .values({ key, day, count: 1 })
        .onConflictDoUpdate({
          target: [counters.key, counters.day],
          set: { count: sql`${counters.count} + 1` },
          setWhere: sql`${counters.count} < ${limit}`,
        })
        .returning({ count: counters.count });
      if (counted.length === 0) tooManyRequests(TELEPHONY_MESSAGES.demoLimit);
    }
  });
}

/**
 * `POST /calls/make-call`: our demo agent calls `toNumber` (E.164, +55). Without Twilio (or a caller id) it says so;
 * a number that is not a Brazilian mobile or fixed line is a 400; past a limit, 429 (the demo's own per address, then
 * the dial gate's per tenant, number and installation: docs/decisions/0033-dial-gate.md). The call is a test call of
 * the demo tenant (5 minutes, no minutes drawn), its ticket bound to the CallSid.
 */
export async function placeDemoCall(
  sys: SystemDb,
  config: ApiConfig,
  input: { toNumber: string; clientAddress: string },
  now: Date,
): Promise<CallPlacedResult> {
  if (telephonyOf(config).kind === "none")
    return { success: false, errorMessage: TELEPHONY_MESSAGES.demoCallNeedsTwilio };
  const from = config.twilio?.callerId;
  if (!from) return { success: false, errorMessage: TELEPHONY_MESSAGES.demoCallNeedsTwilio };
  if (!demoCallableNumber(input.toNumber)) invalid("toNumber", TELEPHONY_MESSAGES.notCallable);
  await countDemoCall(sys, config, { address: input.clientAddress, number: input.toNumber }, now);
  const callId = crypto.randomUUID();
  const outcome = await placeCall(
    sys,
    config,
    {
      purpose: "DEMO_CALL",
      to: input.toNumber,
      actor: { kind: "PUBLIC" },
      tenantId: DEMO_TENANT_ID,
      field: "toNumber",
    },
    now,
    async (to) => {
      await sys.insert(schema.callTickets).values({
        id: callId,
        tenantId: DEMO_TENANT_ID,
        isTest: true,
        issuedAt: now,
        direction: "OUTBOUND",
      });
      const token = await signCallTicket(
        { callId, tenantId: DEMO_TENANT_ID, isTest: true },
        config.jwtSecret,
        now,
      );
      return {
        from,
        instructions: { twiml: connectStreamTwiml(mediaStreamUrl(config), { token, callId, from: to }) },
        timeLimitSeconds: TEST_CALL_MAX_SECONDS,
      };
    },
  );
  await sys
    .update(schema.callTickets)
    .set(outcome.placed ? { callSid: outcome.callSid } : { usedAt: now })
    .where(sql`${schema.callTickets.id} = ${callId}`);
  return outcome.placed
    ? { success: true, errorMessage: null }
    : { success: false, errorMessage: TELEPHONY_MESSAGES.callFailed };
}
