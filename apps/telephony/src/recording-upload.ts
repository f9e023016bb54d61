// Recordings to object storage (docs/decisions/0030-recording-storage.md): with S3 configured, the gateway still writes
// each call's WAV to DATA_DIR/recordings while the call runs (a stream of small writes a bucket cannot take), and when
// the call ends it uploads the finished file under the same key and removes it. An upload that fails keeps the file
// and is retried with backoff, each failure logged, until it succeeds; files a stopped gateway left behind are
// uploaded at the next start. Nothing is dropped silently.
import { readdir, rm } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { fileOfKey, type RecordingStore } from "@atende/api/recordings";
import type { CallRecorder } from "./pipeline";

export interface UploaderLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RecordingUploaderOptions {
  store: RecordingStore;
  /** The local folder the recorder writes to (DATA_DIR/recordings): keys are paths inside it. */
  dir: string;
  logger: UploaderLogger;
  /** The first retry's wait, doubled each time up to `maxRetryMs`. */
  firstRetryMs?: number;
  maxRetryMs?: number;
}

/** After this many failed attempts a recording's upload is logged as an error (and still retried). */
const LOUD_AFTER = 5;

export class RecordingUploader {
  private readonly waiting = new Map<string, NodeJS.Timeout | null>();
  private readonly idleWaiters: (() => void)[] = [];
  private closed = false;

  constructor(private readonly options: RecordingUploaderOptions) {}

  /**
   * Uploads the finished recording of `key` and removes the local file. Answers whether it is in the store now; when
   * not, the file stays and the upload is retried in the background.
   */
  async upload(key: string): Promise<boolean> {
    if (this.waiting.has(key)) return false;
    this.waiting.set(key, null);
    return this.attempt(key, 1);
  }

  /** The recordings under the folder now (call before any call starts: a file being written is not finished). */
  async leftovers(): Promise<string[]> {
    const files = await readdir(this.options.dir, { recursive: true }).catch(() => [] as string[]);
    return files
      .filter((file) => file.endsWith(".wav"))
      .map((file) => relative(this.options.dir, join(this.options.dir, file)).split(sep).join("/"));
  }

  /** Uploads `keys` (the leftovers of an earlier run), one after another. */
  async uploadAll(keys: string[]): Promise<void> {
    if (keys.length > 0)
      this.options.logger.info({ count: keys.length }, "uploading recordings left by an earlier run");
    for (const key of keys) {
      if (this.closed) return;
      await this.upload(key);
    }
  }

  /** Resolves once no upload is waiting for a retry (tests; a clean shutdown). */
  idle(): Promise<void> {
    if (this.waiting.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** No more retries; what is still local stays for the next start. */
  close(): void {
    this.closed = true;
    for (const timer of this.waiting.values()) if (timer) clearTimeout(timer);
  }

  private async attempt(key: string, attempt: number): Promise<boolean> {
    const path = fileOfKey(this.options.dir, key);
    try {
      await this.options.store.put(key, { path });
      await rm(path, { force: true });
      this.done(key);
      if (attempt > 1) this.options.logger.info({ key, attempt }, "recording uploaded after retrying");
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        // Nothing to upload (removed by hand, or uploaded by an earlier run that stopped before removing it).
        this.done(key);
        return false;
      }
      const first = this.options.firstRetryMs ?? 5_000;
      const retryInMs = Math.min(this.options.maxRetryMs ?? 300_000, first * 2 ** (attempt - 1));
      const log = attempt >= LOUD_AFTER ? this.options.logger.error : this.options.logger.warn;
      log.call(
        this.options.logger,
        { err: error, key, attempt, retryInMs },
        "recording upload failed; the file stays and the upload is retried",
      );
      if (this.closed) {
        this.done(key);
        return false;
      }
      const timer = setTimeout(() => void this.attempt(key, attempt + 1), retryInMs);
      timer.unref?.();
      this.waiting.set(key, timer);
      return false;
    }
  }

  private done(key: string): void {
    this.waiting.delete(key);
    if (this.waiting.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}

/**
 * The recorder of a call whose file goes to the store when the call ends: closing it closes the WAV, then uploads it
 * (the first attempt is awaited, so the call's record says "recorded" once the store has it in the usual case).
 */
export function uploadingRecorder(
  recorder: CallRecorder,
  key: string,
  uploader: RecordingUploader,
): CallRecorder {
  return {
    writeCaller: (mulaw, atMs) => recorder.writeCaller(mulaw, atMs),
    writeAgent: (mulaw, atMs) => recorder.writeAgent(mulaw, atMs),
    async close() {
      const result = await recorder.close();
      // A header alone (nothing heard): the call is not "recorded", and the file is not worth keeping.
      if (result.bytes > 44) await uploader.upload(key);
      else await rm(result.path, { force: true });
      return result;
    },
  };
}
