// A local stand-in for an S3-compatible store in tests (third-party HTTP is faked at the network boundary): the
// official SDK reaches it with `forcePathStyle` at `{origin}/{bucket}/{key}`. It speaks the parts of S3's REST wire
// format the recording store uses: PutObject, GetObject (with one byte Range: 206 and Content-Range, 416 InvalidRange),
// HeadObject and DeleteObject (204 whether or not the object was there), with S3's XML errors. Every request must be
// signed (AWS Signature V4) with the fake's access key; the signature itself is not recomputed. `failNext` makes the
// next requests answer 503, as a store in trouble would, so retries can be tested.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { S3Settings } from "../recordings";

export interface FakeS3Object {
  body: Buffer;
  contentType: string;
  lastModified: Date;
}

export interface FakeS3 {
  readonly origin: string;
  readonly bucket: string;
  /** The store's settings for this fake (path style, its endpoint and keys). */
  readonly settings: S3Settings;
  /** The bucket's objects by key. */
  readonly objects: Map<string, FakeS3Object>;
  /** Every request, in order: method and key. */
  readonly requests: { method: string; key: string; range: string | undefined }[];
  /** The next `count` requests answer 503 SlowDown (the SDK retries up to 3 times per call). */
  failNext(count: number): void;
  close(): Promise<void>;
}

function xmlError(res: ServerResponse, status: number, code: string, message: string, head = false): void {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(
    head
      ? undefined
      : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range over `size` bytes; null when unsatisfiable. */
function rangeOf(header: string, size: number): { start: number; end: number } | null {
  const match = header.match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "") {
    const suffix = Number(last);
    return suffix > 0 && size > 0 ? { start: Math.max(0, size - suffix), end: size - 1 } : null;
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  return start < size && end >= start ? { start, end } : null;
}

export async function startFakeS3(options: { bucket?: string } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? "atende-gravacoes";
  const accessKeyId = `AKIA${randomBytes(8).toString("hex").toUpperCase()}`;
  const secretAccessKey = randomBytes(20).toString("base64");
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3["requests"] = [];
  let failures = 0;

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const [, bucketName = "", ...rest] = url.pathname.split("/");
      const key = rest.map(decodeURIComponent).join("/");
      const method = req.method ?? "GET";
      const head = method === "HEAD";
      requests.push({ method, key, range: req.headers.range });
      const auth = req.headers.authorization ?? "";
      if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) {
        return xmlError(
          res,
          403,
          "InvalidAccessKeyId",
          "The AWS Access Key Id you provided does not exist.",
          head,
        );
      }
      if (failures > 0) {
        failures--;
        await bodyOf(req);
        return xmlError(res, 503, "SlowDown", "Please reduce your request rate.", head);
      }
      if (bucketName !== bucket) return xmlError(res, 404, "NoSuchBucket", "The bucket does not exist", head);
      if (!key) return xmlError(res, 400, "InvalidRequest", "A key is required", head);

      if (method === "PUT") {
        if (String(req.headers["content-encoding"] ?? "").includes("aws-chunked")) {
          return xmlError(res, 400, "NotImplemented", "aws-chunked bodies are not accepted by this fake");
        }
        const body = await bodyOf(req);
        const declared = Number(req.headers["content-length"]);
        if (Number.isFinite(declared) && declared !== body.length) {
          return xmlError(res, 400, "IncompleteBody", "The body is shorter than its Content-Length");
        }
        objects.set(key, {
          body,
          contentType: String(req.headers["content-type"] ?? "application/octet-stream"),
          lastModified: new Date(),
        });
        res.writeHead(200, { etag: `"${body.length}"` });
        return res.end();
      }
      if (method === "DELETE") {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      if (method !== "GET" && !head) return xmlError(res, 405, "MethodNotAllowed", "Method not allowed");
      const object = objects.get(key);
      if (!object) return xmlError(res, 404, "NoSuchKey", "The specified key does not exist.", head);
      const headers = {
        "content-type": object.contentType,
        "last-modified": object.lastModified.toUTCString(),
        "accept-ranges": "bytes",
        etag: `"${object.body.length}"`,
      };
      const rangeHeader = req.headers.range;
      if (rangeHeader && !head) {
        const range = rangeOf(rangeHeader, object.body.length);
        if (!range) return xmlError(res, 416, "InvalidRange", "The requested range is not satisfiable");
        const part = object.body.subarray(range.start, range.end + 1);
        res.writeHead(206, {
          ...headers,
          "content-length": String(part.length),
          "content-range": `bytes ${range.start}-${range.end}/${object.body.length}`,
        });
        return res.end(part);
      }
      res.writeHead(200, { ...headers, "content-length": String(object.body.length) });
      return res.end(head ? undefined : object.body);
    })().catch((error: unknown) => {
      if (!res.headersSent) xmlError(res, 500, "InternalError", String(error));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    bucket,
    settings: {
      bucket,
      region: "sa-east-1",
      endpoint: origin,
      accessKeyId,
      secretAccessKey,
      forcePathStyle: true,
    },
    objects,
    requests,
    failNext(count) {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
