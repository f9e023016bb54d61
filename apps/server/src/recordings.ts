// GET /conversations/{id}/recording (ARCHITECTURE.md "Recordings"): the call's WAV, with the same authentication as
// the REST API and Range requests honoured (players seek with them). Who may read which recording is decided by the
// procedure `conversations.recording` (tenant scope: another tenant's call is a 404); this route only streams bytes,
// from the recording store (the local folder, or S3 with a ranged GetObject: docs/decisions/0030-recording-storage.md).
import {
  type ApiConfig,
  appRouter,
  type Context,
  RECORDING_NOT_FOUND,
  type RecordingStore,
} from "@atende/api";
import type { AccessTokenClaims } from "@atende/shared/auth";
import { Hono } from "hono";
import { body, errorResponse } from "./errors";

interface RecordingDeps {
  config: ApiConfig;
  /** The installation's recording store (the composition root's). */
  store: RecordingStore;
  contextFor: (claims: AccessTokenClaims | null) => Promise<Context>;
  logInternal: (error: unknown) => void;
}

type ByteRange = { start: number; end: number };

const RECORDING_UNAVAILABLE = "Gravação temporariamente indisponível. Tente novamente em instantes.";

/**
 * One range of `bytes=a-b`, `bytes=a-` or `bytes=-n` (RFC 9110 §14.1.2), clipped to the file; null when it cannot
 * be satisfied, undefined when the header is absent or not one byte range (then the whole file is sent, as the RFC
 * allows a server to ignore Range).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | undefined {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return undefined;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return undefined;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

export function createRecordingRoutes(deps: RecordingDeps): Hono {
  const { store } = deps;
  const app = new Hono();
  app.get("/conversations/:id/recording", async (c) => {
    let key: string;
    let contentType: string;
    try {
      const caller = appRouter.createCaller(await deps.contextFor(c.get("accessClaims")));
      ({ key, contentType } = await caller.conversations.recording({ id: c.req.param("id") }));
    } catch (error) {
      const { status, body: errorBody, internal } = errorResponse(error);
      if (internal) deps.logInternal(error);
      return c.json(errorBody, status as 400);
    }
    let size: number | undefined;
    try {
      size = await store.size(key);
    } catch (error) {
      // The store did not answer (S3 down): the caller can try again; nothing of theirs is wrong.
      deps.logInternal(error);
      return c.json(body(RECORDING_UNAVAILABLE), 503);
    }
    if (size === undefined) return c.json(body(RECORDING_NOT_FOUND), 404);

    const headers: Record<string, string> = {
      "content-type": contentType,
      "accept-ranges": "bytes",
      // The audio of one tenant's call: never kept by a shared cache.
      "cache-control": "private, no-store",
    };
    if (size === 0) return c.body(null, 200, { ...headers, "content-length": "0" });
    const range = parseRange(c.req.header("range"), size);
    if (range === null) {
      return c.body(null, 416, { ...headers, "content-range": `bytes */${size}` });
    }
    const { start, end } = range ?? { start: 0, end: size - 1 };
    let stream: ReadableStream<Uint8Array> | undefined;
    try {
      stream = await store.read(key, range ? { start, end } : undefined);
    } catch (error) {
      deps.logInternal(error);
      return c.json(body(RECORDING_UNAVAILABLE), 503);
    }
    // Deleted between the two questions (a retention purge): as if it had never been there.
    if (!stream) return c.json(body(RECORDING_NOT_FOUND), 404);
    headers["content-length"] = String(end - start + 1);
    if (range) headers["content-range"] = `bytes ${start}-${end}/${size}`;
    return c.body(stream, range ? 206 : 200, headers);
  });
  return app;
}
