// Call recordings (ARCHITECTURE.md "Recordings" and the storage table): the bytes are in the recording store
// (../recordings: a folder by default, S3 when configured); the conversation row keeps the key.
import { randomUUID } from "node:crypto";
import { schema, type TenantTx } from "@atende/db";
import { eq } from "@atende/db/orm";
import { notFound } from "../errors";

const c = schema.conversations;

export const RECORDING_NOT_FOUND = "Gravação não encontrada";
export const RECORDING_CONTENT_TYPE = "audio/wav";

/** A fresh key for a tenant's recording: `{tenantId}/{uuid}.wav`. */
export function newRecordingKey(tenantId: string): string {
  return `${tenantId}/${randomUUID()}.wav`;
}

/** The key of a call's recording in the acting tenant; 404 for an unknown call, another tenant's, or none recorded. */
export async function recordingKeyOf(db: TenantTx, conversationId: string): Promise<string> {
  const [row] = await db.select({ key: c.recordingPath }).from(c).where(eq(c.id, conversationId)).limit(1);
  return row?.key ?? notFound(RECORDING_NOT_FOUND);
}

/**
 * A stereo 16-bit PCM WAV of silence (caller left, agent right, 8 kHz as on the phone), for development seeding.
 */
export function silentWav(milliseconds: number, sampleRate = 8000): Uint8Array {
  const channels = 2;
  const bytesPerSample = 2;
  const frames = Math.round((sampleRate * milliseconds) / 1000);
  const dataSize = frames * channels * bytesPerSample;
  const buffer = Buffer.alloc(44 + dataSize);
  buffer.write("RIFF", 0, "ascii");
  buffer.writeUInt32LE(36 + dataSize, 4);
  buffer.write("WAVE", 8, "ascii");
  buffer.write("fmt ", 12, "ascii");
  buffer.writeUInt32LE(16, 16); // PCM chunk size
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(channels, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * channels * bytesPerSample, 28);
  buffer.writeUInt16LE(channels * bytesPerSample, 32);
  buffer.writeUInt16LE(bytesPerSample * 8, 34);
  buffer.write("data", 36, "ascii");
  buffer.writeUInt32LE(dataSize, 40);
  return new Uint8Array(buffer);
}
