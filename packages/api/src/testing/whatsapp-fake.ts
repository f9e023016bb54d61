// A local stand-in for Meta's WhatsApp Business Cloud API in tests (docs/decisions/0050-confirmations.md). It speaks
// the Graph API's wire format for what we use: `POST /{version}/{phone-number-id}/messages` with a bearer token and a
// JSON body (`messaging_product: "whatsapp"`, `to`, `type` and its object), answering `{messaging_product, contacts,
// messages: [{id: "wamid…"}]}` or Meta's JSON error (`{error: {message, type, code, fbtrace_id}}`), and records each
// message. It also *sends* webhooks as Meta does: the `whatsapp_business_account` envelope, signed with
// `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body keyed with the app secret>` (computed here with
// node:crypto, apart from the server's check), and the GET subscription check.
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { WebhookDelivery } from "./twilio-fake";

export interface FakeWhatsappMessage {
  phoneNumberId: string;
  to: string;
  type: string;
  /** The whole JSON body as sent. */
  body: Record<string, unknown>;
  id: string;
}

export interface FakeWhatsapp {
  readonly origin: string;
  /** The Graph API address with its version, for `confirmations.whatsappApiUrl`. */
  readonly apiUrl: string;
  /** The settings a tenant enters: the fake accepts this token for this phone number id only. */
  readonly phoneNumberId: string;
  readonly accessToken: string;
  readonly appSecret: string;
  readonly messages: FakeWhatsappMessage[];
  /** The next send answers this Graph API error instead. */
  failNext: { status: number; code: number; message: string } | null;
  /**
   * The client `from` (digits with country code) replies: a template's quick-reply button (`payload` with its text),
   * a list row (`listReplyId`), an interactive message's reply button (`buttonReplyId`) or a typed `text`. Posted to `url`, signed with `appSecret` (or `signature` as given).
   */
  reply(
    url: string,
    reply: { from: string; payload?: string; listReplyId?: string; buttonReplyId?: string; text?: string },
    options?: { deliver?: WebhookDelivery; appSecret?: string; signature?: string | null },
  ): Promise<{ status: number; body: string }>;
  /** Meta's subscription check: GET with hub.mode, hub.verify_token and hub.challenge. */
  verify(
    url: string,
    verifyToken: string,
    challenge: string,
    deliver?: WebhookDelivery,
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function metaSignature(appSecret: string, rawBody: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody, "utf8").digest("hex")}`;
}

export async function startFakeWhatsapp(): Promise<FakeWhatsapp> {
  const phoneNumberId = String(100_000_000_000_000 + Math.floor(Math.random() * 1e14));
  const accessToken = `EAAG${randomBytes(24).toString("hex")}`;
  const appSecret = randomBytes(16).toString("hex");
  const messages: FakeWhatsappMessage[] = [];
  const state: { failNext: FakeWhatsapp["failNext"] } = { failNext: null };
  const version = "v21.0";
  const graphError = (status: number, code: number, message: string) => ({
    error: {
      message,
      type: status === 401 ? "OAuthException" : "GraphMethodException",
      code,
      fbtrace_id: randomBytes(8).toString("hex"),
    },
  });

  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    const url = new URL(req.url ?? "/", "http://fake");
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(payload));
    };
    const match = new RegExp(`^/${version}/(\\d+)/messages$`).exec(url.pathname);
    if (req.method !== "POST" || !match?.[1]) return send(404, graphError(404, 803, "Unknown path"));
    if (match[1] !== phoneNumberId || req.headers.authorization !== `Bearer ${accessToken}`)
      return send(401, graphError(401, 190, "Invalid OAuth access token - Cannot parse access token"));
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return send(400, graphError(400, 100, "Invalid parameter"));
    }
    if (body.messaging_product !== "whatsapp" || typeof body.to !== "string" || typeof body.type !== "string")
      return send(400, graphError(400, 100, "Invalid parameter"));
    const failure = state.failNext;
    if (failure) {
      state.failNext = null;
      return send(failure.status, graphError(failure.status, failure.code, failure.message));
    }
    const id = `wamid.${randomBytes(20).toString("base64url")}`;
    messages.push({ phoneNumberId, to: body.to, type: body.type, body, id });
    send(200, {
      messaging_product: "whatsapp",
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id }],
    });
  });
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    apiUrl: `${origin}/${version}`,
    phoneNumberId,
    accessToken,
    appSecret,
    messages,
    get failNext() {
      return state.failNext;
    },
    set failNext(value) {
      state.failNext = value;
    },
    async reply(url, reply, options = {}) {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const message: Record<string, unknown> = reply.payload
        ? { type: "button", button: { payload: reply.payload, text: reply.payload.split(":")[0] } }
        : reply.listReplyId
          ? {
              type: "interactive",
              interactive: { type: "list_reply", list_reply: { id: reply.listReplyId, title: "" } },
            }
          : reply.buttonReplyId
            ? {
                type: "interactive",
                interactive: { type: "button_reply", button_reply: { id: reply.buttonReplyId, title: "" } },
              }
            : { type: "text", text: { body: reply.text ?? "" } };
      const envelope = {
        object: "whatsapp_business_account",
        entry: [
          {
            id: "102290129340398",
            changes: [
              {
                field: "messages",
                value: {
                  messaging_product: "whatsapp",
                  metadata: { display_phone_number: "5511300000000", phone_number_id: phoneNumberId },
                  contacts: [{ profile: { name: "Paciente" }, wa_id: reply.from }],
                  messages: [
                    {
                      from: reply.from,
                      id: `wamid.${randomBytes(20).toString("base64url")}`,
                      timestamp,
                      ...message,
                    },
                  ],
                },
              },
            ],
          },
        ],
      };
      const raw = JSON.stringify(envelope);
      const headers: Record<string, string> = { "content-type": "application/json" };
      const signature =
        options.signature === undefined
          ? metaSignature(options.appSecret ?? appSecret, raw)
          : options.signature;
      if (signature !== null) headers["x-hub-signature-256"] = signature;
      const response = await (options.deliver ?? fetch)(url, { method: "POST", headers, body: raw });
      return { status: response.status, body: await response.text() };
    },
    async verify(url, verifyToken, challenge, deliver) {
      const target = new URL(url);
      target.searchParams.set("hub.mode", "subscribe");
      target.searchParams.set("hub.verify_token", verifyToken);
      target.searchParams.set("hub.challenge", challenge);
      const response = await (deliver ?? fetch)(target.toString(), { method: "GET" });
      return { status: response.status, body: await response.text() };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
