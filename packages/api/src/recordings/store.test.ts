// The recording store's two implementations, the same checks on both: the local folder (the default) and S3 through
// the official SDK against a local fake of S3's REST API.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeS3, startFakeS3 } from "../testing/s3-fake";
import { s3EnvProblems, s3SettingsOf } from "./settings";
import { createRecordingStore, LocalRecordingStore, type RecordingStore } from "./store";

async function text(stream: ReadableStream<Uint8Array> | undefined): Promise<string | undefined> {
  return stream ? new Response(stream).text() : undefined;
}

describe.each(["local", "s3"] as const)("the %s store", (kind) => {
  let s3: FakeS3 | undefined;
  let store: RecordingStore;
  const dir = mkdtempSync(join(tmpdir(), "atende-store-"));

  beforeAll(async () => {
    s3 = kind === "s3" ? await startFakeS3() : undefined;
    store = createRecordingStore({ recordingsDir: dir, s3: s3?.settings });
  });
  afterAll(() => s3?.close());

  it("is the one the configuration asks for", () => {
    expect(store.kind).toBe(kind);
  });

  it("stores a finished file under its key and reads it whole or by range", async () => {
    const source = join(mkdtempSync(join(tmpdir(), "atende-call-")), "call.wav");
    writeFileSync(source, "RIFF----WAVEfmt ");
    await store.put("tenant-a/call-1.wav", { path: source });
    expect(await store.size("tenant-a/call-1.wav")).toBe(16);
    expect(await store.exists("tenant-a/call-1.wav")).toBe(true);
    expect(await text(await store.read("tenant-a/call-1.wav"))).toBe("RIFF----WAVEfmt ");
    expect(await text(await store.read("tenant-a/call-1.wav", { start: 8, end: 11 }))).toBe("WAVE");
    if (s3) expect(s3.objects.get("tenant-a/call-1.wav")?.contentType).toBe("audio/wav");
  });

  it("stores bytes, replaces a key, and deletes (twice is fine)", async () => {
    await store.put("tenant-a/call-2.wav", { bytes: new TextEncoder().encode("um") });
    await store.put("tenant-a/call-2.wav", { bytes: new TextEncoder().encode("dois") });
    expect(await text(await store.read("tenant-a/call-2.wav"))).toBe("dois");
    await store.delete("tenant-a/call-2.wav");
    await store.delete("tenant-a/call-2.wav");
    expect(await store.exists("tenant-a/call-2.wav")).toBe(false);
    expect(await store.size("tenant-a/call-2.wav")).toBeUndefined();
    expect(await store.read("tenant-a/call-2.wav")).toBeUndefined();
  });
});

describe("the S3 store's failures", () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(() => s3.close());

  it("rides out a store that refuses a request once (the SDK retries)", async () => {
    const store = createRecordingStore({ recordingsDir: "/nao-usado", s3: s3.settings });
    s3.failNext(1);
    await store.put("t/1.wav", { bytes: new Uint8Array([1, 2, 3]) });
    expect(s3.objects.get("t/1.wav")?.body.length).toBe(3);
  });

  it("fails, rather than pretending, when the store keeps refusing or the credentials are wrong", async () => {
    const store = createRecordingStore({ recordingsDir: "/nao-usado", s3: s3.settings });
    s3.failNext(10);
    await expect(store.put("t/2.wav", { bytes: new Uint8Array([1]) })).rejects.toThrow();
    s3.failNext(0);
    const wrong = createRecordingStore({
      recordingsDir: "/nao-usado",
      s3: { ...s3.settings, accessKeyId: "AKIAOUTRA" },
    });
    await expect(wrong.size("t/1.wav")).rejects.toThrow();
    expect(s3.objects.has("t/2.wav")).toBe(false);
  });
});

describe("the local store's keys", () => {
  it("refuses a key that leads outside its folder", async () => {
    const store = new LocalRecordingStore(mkdtempSync(join(tmpdir(), "atende-store-")));
    await expect(store.put("../fora.wav", { bytes: new Uint8Array([1]) })).rejects.toThrow(/outside/);
  });
});

describe("the S3 settings", () => {
  it("are all or none: a bucket needs its region, the keys come together, nothing without a bucket", () => {
    expect(s3EnvProblems({})).toEqual([]);
    expect(s3EnvProblems({ S3_BUCKET: "gravacoes", S3_REGION: "sa-east-1" })).toEqual([]);
    expect(s3EnvProblems({ S3_BUCKET: "gravacoes" })).toEqual(["S3_REGION: obrigatório com S3_BUCKET"]);
    expect(s3EnvProblems({ S3_BUCKET: "gravacoes", S3_REGION: "auto", S3_ACCESS_KEY_ID: "x" })).toEqual([
      "S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY vêm juntos",
    ]);
    expect(s3EnvProblems({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toEqual([
      "S3_BUCKET: obrigatório quando S3_ENDPOINT está definido",
    ]);
    expect(s3SettingsOf({})).toBeUndefined();
    expect(
      s3SettingsOf({
        S3_BUCKET: "gravacoes",
        S3_REGION: "auto",
        S3_ENDPOINT: "https://r2.test",
        S3_FORCE_PATH_STYLE: true,
      }),
    ).toMatchObject({
      bucket: "gravacoes",
      region: "auto",
      endpoint: "https://r2.test",
      forcePathStyle: true,
    });
  });
});
