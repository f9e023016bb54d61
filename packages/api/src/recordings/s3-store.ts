// The S3-compatible adapter of the recording store (docs/decisions/0030-recording-storage.md), through the official
// SDK. S3_ENDPOINT reaches MinIO, Cloudflare R2 and the like (with S3_FORCE_PATH_STYLE where they need it), and the
// tests' local fake. Checksums are sent only where S3 requires them: the SDK's newer default (a CRC trailer in an
// aws-chunked body) is refused by several S3-compatible services.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { ByteRange, RecordingSource, RecordingStore } from "./store";

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible service's endpoint (MinIO, R2…); AWS's own when undefined. */
  endpoint?: string | undefined;
  /** Both or neither: without them the SDK's default chain (environment, instance role) provides credentials. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, the tests' fake). */
  forcePathStyle: boolean;
}

const CONTENT_TYPE = "audio/wav";

/** Whether S3 answered that the object is not there (GetObject says NoSuchKey, HeadObject only its 404). */
function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}

export class S3RecordingStore implements RecordingStore {
  readonly kind = "s3";
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // A stalled store fails the request (the SDK retries it, then the caller's own retries take over).
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    });
  }

  async put(key: string, source: RecordingSource): Promise<void> {
    // One PutObject (up to 5 GB): a 30-minute call is about 58 MB, so multipart uploads are not needed.
    const body =
      "bytes" in source
        ? { Body: source.bytes, ContentLength: source.bytes.byteLength }
        : { Body: createReadStream(source.path), ContentLength: (await stat(source.path)).size };
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: CONTENT_TYPE, ...body }),
    );
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return object.Body?.transformToWebStream();
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 whether or not the object was there.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== undefined;
  }
}
