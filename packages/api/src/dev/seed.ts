// Development and test seeding through the real writers (never in production: the procedure's builder refuses it
// there). The call is written by `recordConversation` inside the caller's tenant transaction, exactly as the
// telephony gateway will write one, so what the history shows is what a real call would leave.
import { schema, type TenantTx } from "@atende/db";
import type { DevConversationInput } from "@atende/shared/schemas/dev";
import { recordConversation } from "../calls/conversations";
import { newRecordingKey, silentWav } from "../calls/recordings";
import type { RecordingStore } from "../recordings/store";

/** Long enough for a player to show it, small enough to be cheap (16 KB). */
const SEED_RECORDING_MS = 500;

const STEP_MS = 5000;

export async function seedConversation(
  db: TenantTx,
  input: DevConversationInput,
  now: Date,
  store: RecordingStore,
): Promise<{ id: string }> {
  const startedAt = input.startedAt ?? now;
  // Rows written together would otherwise share one timestamp and lose their order (recordConversation's rule).
  let previous = startedAt.getTime();
  const messages = input.messages.map((message) => {
    const timestamp = message.timestamp ?? new Date(previous + STEP_MS);
    previous = timestamp.getTime();
    return { sender: message.sender, content: message.content, timestamp };
  });
  const actions = input.actions.map((action, i) => ({
    actionType: action.actionType,
    timestamp: action.timestamp ?? new Date(startedAt.getTime() + (i + 1) * STEP_MS),
  }));
  const lastEvent = Math.max(
    startedAt.getTime(),
    ...messages.map((m) => m.timestamp.getTime()),
    ...actions.map((a) => a.timestamp.getTime()),
  );
  const endedAt = input.endedAt ?? (input.status === "ACTIVE" ? null : new Date(lastEvent + STEP_MS));
  // The file is stored first: a rolled-back seed leaves an orphan file, never a row pointing at nothing. (With S3 this
  // is a network call inside the seed's transaction: acceptable for a development-only seed of a few KB.)
  let recordingPath: string | null = null;
  if (input.withRecording) {
    recordingPath = newRecordingKey(db.tenantId);
    await store.put(recordingPath, { bytes: silentWav(SEED_RECORDING_MS) });
  }
  const seeded = await recordConversation(db, {
    status: input.status,
    direction: input.origin,
    isTest: input.isTest,
    callSid: input.callSid ?? null,
    clientName: input.clientName ?? null,
    phoneNumber: input.phoneNumber ?? null,
    clientEmail: input.clientEmail ?? null,
    establishmentName: input.establishmentName ?? null,
    summary: input.summary ?? null,
    transferredTo: input.transferredTo ?? null,
    callbackMessage: input.callbackMessage ?? null,
    confirmationOutcome: input.confirmationOutcome ?? null,
    startedAt,
    endedAt,
    messages,
    actions,
    collectedData: input.collectedData,
    recordingPath,
  });
  if (input.turnTimings.length > 0) {
    await db.insert(schema.conversationTurnTimings).values(
      input.turnTimings.map((timing, i) => ({
        tenantId: db.tenantId,
        conversationId: seeded.id,
        turn: i + 1,
        startedAt: new Date(startedAt.getTime() + (i + 1) * STEP_MS),
        ...timing,
      })),
    );
  }
  return seeded;
}
