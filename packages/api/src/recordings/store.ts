// Where call recordings live (ARCHITECTURE.md "Recordings" and the storage table; docs/decisions/0030-recording-storage.md):
// one interface, two implementations. The embedded default keeps one WAV per call under DATA_DIR/recordings; with
// S3_BUCKET set, an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2…) keeps the same keys, `{tenantId}/{id}.wav`.
// This module imports nothing of the database: the telephony gateway uses it to upload what it recorded.
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { S3RecordingStore, type S3Settings } from "./s3-store";

export type { S3Settings } from "./s3-store";

/** Inclusive byte offsets, as in an HTTP Range. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What a recording is stored from: a finished file (the gateway's) or bytes in memory (development seeding). */
export type RecordingSource = { path: string } | { bytes: Uint8Array };

export interface RecordingStore {
  readonly kind: "local" | "s3";
  /** Stores a finished recording under `key`, replacing any earlier one. */
  put(key: string, source: RecordingSource): Promise<void>;
  /** The recording's size in bytes, or undefined when the store does not hold it (never stored, or deleted). */
  size(key: string): Promise<number | undefined>;
  /** The recording's bytes (those of `range` when given), or undefined when the store does not hold it. */
  read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined>;
  /** Deletes the recording; deleting one the store does not hold is fine (deletions are retried). */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** The file of a key, refusing any key that would lead outside the store (keys come from our own rows, still). */
export function fileOfKey(dir: string, key: string): string {
  const root = resolve(dir);
  const file = resolve(root, key);
  const inside = relative(root, file);
  if (!inside || inside.startsWith("..") || isAbsolute(inside))
    throw new Error("recording key outside the store");
  return file;
}

/** The embedded default: a folder, one file per key (today's layout, unchanged). */
export class LocalRecordingStore implements RecordingStore {
  readonly kind = "local";
  constructor(readonly dir: string) {}

  async put(key: string, source: RecordingSource): Promise<void> {
    const file = fileOfKey(this.dir, key);
    await mkdir(dirname(file), { recursive: true });
    if ("bytes" in source) {
      await writeFile(file, source.bytes);
      return;
    }
    if (resolve(source.path) === file) return;
    // Written beside the target and renamed: a reader never sees half a file.
    const partial = `${file}.partial`;
    await pipeline(createReadStream(source.path), createWriteStream(partial));
    await rename(partial, file);
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const info = await stat(fileOfKey(this.dir, key));
      return info.isFile() ? info.size : undefined;
    } catch {
      return undefined;
    }
  }

  async read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined> {
    if ((await this.size(key)) === undefined) return undefined;
    const stream = createReadStream(fileOfKey(this.dir, key), range ?? {});
    return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  }

  async delete(key: string): Promise<void> {
    await rm(fileOfKey(this.dir, key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== undefined;
  }
}

/** What chooses the store: the local folder, or S3 when it is configured. */
export interface RecordingStorageConfig {
  recordingsDir: string;
  s3?: S3Settings | undefined;
}

/**
 * The store the configuration chooses. Build it once per process (the composition root does, and the gateway's
 * main): an S3 store holds its client and connections.
 */
export function createRecordingStore(config: RecordingStorageConfig): RecordingStore {
  return config.s3 ? new S3RecordingStore(config.s3) : new LocalRecordingStore(config.recordingsDir);
}
