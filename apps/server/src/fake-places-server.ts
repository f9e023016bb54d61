// A local stand-in for Google Places Autocomplete (New) in tests (third-party HTTP is faked at the network boundary):
// POST /v1/places:autocomplete checks the X-Goog-Api-Key header and answers `{ suggestions: [...] }` in Google's
// shape, or whatever failure a test sets. Every request is recorded for assertions.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakePlacesRequest {
  method: string;
  path: string;
  apiKey: string | undefined;
  body: unknown;
}

/** How the next requests are answered. */
export type FakePlacesMode =
  | { kind: "ok" }
  | { kind: "status"; status: number; body: unknown }
  | { kind: "slow"; delayMs: number }
  | { kind: "garbage" };

export interface FakePlacesServer {
  readonly origin: string;
  readonly apiKey: string;
  readonly requests: FakePlacesRequest[];
  mode: FakePlacesMode;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Google's answer for an input: two place predictions and one query prediction (which has no place id). */
function suggestionsFor(input: string) {
  return {
    suggestions: [
      {
        placePrediction: {
          place: "places/ChIJ-paulista-1000",
          placeId: "ChIJ-paulista-1000",
          text: {
            text: `${input} - Bela Vista, São Paulo - SP, Brasil`,
            matches: [{ endOffset: input.length }],
          },
          structuredFormat: {
            mainText: { text: input },
            secondaryText: { text: "Bela Vista, São Paulo - SP, Brasil" },
          },
          types: ["street_address", "geocode"],
        },
      },
      { queryPrediction: { text: { text: `${input} perto de mim` } } },
      {
        placePrediction: {
          place: "places/ChIJ-paulista-centro",
          placeId: "ChIJ-paulista-centro",
          text: { text: `${input} - Centro, Paulínia - SP, Brasil` },
        },
      },
    ],
  };
}

/** Listens on `port` (0: any free port), on 127.0.0.1 only. */
export async function startFakePlacesServer(port = 0): Promise<FakePlacesServer> {
  const apiKey = "fake-maps-key-do-not-leak";
  const requests: FakePlacesRequest[] = [];
  const state: { mode: FakePlacesMode } = { mode: { kind: "ok" } };

  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    const header = req.headers["x-goog-api-key"];
    requests.push({
      method: req.method ?? "",
      path: req.url ?? "",
      apiKey: Array.isArray(header) ? header[0] : header,
      body,
    });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(typeof payload === "string" ? payload : JSON.stringify(payload));
    };
    if (req.method !== "POST" || req.url !== "/v1/places:autocomplete")
      return send(404, { error: "not found" });
    if (header !== apiKey)
      return send(403, {
        error: { code: 403, message: `API key not valid: ${String(header)}`, status: "PERMISSION_DENIED" },
      });
    const mode = state.mode;
    if (mode.kind === "status") return send(mode.status, mode.body);
    if (mode.kind === "garbage") return send(200, "<html>not json</html>");
    if (mode.kind === "slow") await new Promise((resolve) => setTimeout(resolve, mode.delayMs));
    const input = typeof body === "object" && body !== null && "input" in body ? String(body.input) : "";
    send(200, suggestionsFor(input));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${address.port}`,
    apiKey,
    requests,
    get mode() {
      return state.mode;
    },
    set mode(mode) {
      state.mode = mode;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
