// Recordings to S3 (decision 0030): a whole call through the gateway whose recording is uploaded when it ends and then
// served from the bucket; a failed upload kept on disk and retried until it succeeds; the files an earlier run left.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRecordingStore } from "@atende/api/recordings";
import { type FakeS3, startFakeS3 } from "@atende/api/testing";
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StereoWavWriter } from "./audio/wav";
import { RecordingUploader, uploadingRecorder } from "./recording-upload";
import { type Clinic, type Harness, startHarness } from "./testing/harness";

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
let s3: FakeS3;

beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(() => s3.close());

function uploaderIn(dir: string, firstRetryMs = 5) {
  return new RecordingUploader({
    store: createRecordingStore({ recordingsDir: dir, s3: s3.settings }),
    dir,
    logger,
    firstRetryMs,
  });
}

function leftover(dir: string, key: string, content = "RIFF-gravacao") {
  mkdirSync(join(dir, key.split("/")[0] ?? ""), { recursive: true });
  writeFileSync(join(dir, key), content);
}

describe("a call with S3 configured", () => {
  let harness: Harness;
  let clinic: Clinic;
  let uploader: RecordingUploader;
  const dir = mkdtempSync(join(tmpdir(), "atende-upload-"));

  beforeAll(async () => {
    uploader = uploaderIn(dir);
    harness = await startHarness({
      config: { s3: s3.settings },
      gateway: {
        openRecorder: (tenantId, callId) => {
          const key = `${tenantId}/${callId}.wav`;
          return uploadingRecorder(StereoWavWriter.open(join(dir, key)), key, uploader);
        },
      },
    });
    clinic = await harness.clinic();
  });
  afterAll(async () => {
    uploader.close();
    await harness.close();
  });

  it("uploads the recording when the call ends, removes the local file, and serves it from the bucket", async () => {
    const call = await harness.call(clinic);
    await call.nextTurn();
    await call.ask("tchau");
    await call.waitFor(() => call.closed, "the agent to hang up");
    const key = `${clinic.tenant.tenantId}/${call.ticket.callId}.wav`;
    let row: typeof schema.conversations.$inferSelect | undefined;
    for (let i = 0; i < 100 && !row?.recordingPath; i++) {
      [row] = await harness.api.database.db
        .select()
        .from(schema.conversations)
        .where(eq(schema.conversations.id, call.ticket.callId));
      if (!row?.recordingPath) await new Promise((r) => setTimeout(r, 100));
    }
    expect(row?.recordingPath).toBe(key);
    const object = s3.objects.get(key);
    expect(existsSync(join(dir, key))).toBe(false);
    expect(object?.body.subarray(0, 4).toString("ascii")).toBe("RIFF");
    const res = await fetch(`${harness.serverUrl}/conversations/${call.ticket.callId}/recording`, {
      headers: { authorization: `Bearer ${clinic.token}`, range: "bytes=8-11" },
    });
    expect(res.status).toBe(206);
    expect(await res.text()).toBe("WAVE");
    expect(res.headers.get("content-range")).toBe(`bytes 8-11/${object?.body.length}`);
  });
});

describe("the uploader", () => {
  it("keeps a recording the store refused and uploads it on a later try", async () => {
    const dir = mkdtempSync(join(tmpdir(), "atende-upload-"));
    const uploader = uploaderIn(dir);
    leftover(dir, "tenant-a/call-1.wav");
    s3.failNext(4); // the SDK's own three tries fail, and the uploader's first retry
    expect(await uploader.upload("tenant-a/call-1.wav")).toBe(false);
    expect(existsSync(join(dir, "tenant-a/call-1.wav"))).toBe(true);
    await uploader.idle();
    expect(s3.objects.get("tenant-a/call-1.wav")?.body.toString()).toBe("RIFF-gravacao");
    expect(existsSync(join(dir, "tenant-a/call-1.wav"))).toBe(false);
  });

  it("uploads the recordings an earlier run left behind", async () => {
    const dir = mkdtempSync(join(tmpdir(), "atende-upload-"));
    leftover(dir, "tenant-b/call-1.wav");
    leftover(dir, "tenant-b/call-2.wav");
    leftover(dir, "tenant-c/call-3.wav");
    const uploader = uploaderIn(dir);
    const keys = await uploader.leftovers();
    expect(keys.sort()).toEqual(["tenant-b/call-1.wav", "tenant-b/call-2.wav", "tenant-c/call-3.wav"]);
    await uploader.uploadAll(keys);
    for (const key of keys) {
      expect(s3.objects.has(key)).toBe(true);
      expect(existsSync(join(dir, key))).toBe(false);
    }
  });

  it("stops retrying when closed, leaving the file for the next start", async () => {
    const dir = mkdtempSync(join(tmpdir(), "atende-upload-"));
    const uploader = uploaderIn(dir, 60_000);
    leftover(dir, "tenant-d/call-1.wav");
    s3.failNext(3);
    expect(await uploader.upload("tenant-d/call-1.wav")).toBe(false);
    uploader.close();
    expect(existsSync(join(dir, "tenant-d/call-1.wav"))).toBe(true);
    expect(s3.objects.has("tenant-d/call-1.wav")).toBe(false);
    s3.failNext(0);
  });
});
