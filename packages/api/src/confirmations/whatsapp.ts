// WhatsApp Business Cloud API (Meta's Graph API; docs/decisions/0050-confirmations.md): the messages we send and the
// webhook we receive, in Meta's wire format. Sending is a POST of JSON to `{api}/{phone-number-id}/messages` with the
// tenant's access token as a bearer; a webhook is a POST whose `X-Hub-Signature-256` is `sha256=` + the hex HMAC-SHA256
// of the raw body keyed with the app secret; the subscription is checked with a GET echoing `hub.challenge` when
// `hub.verify_token` is ours. Plain `fetch`: the official SDK is archived, and a base URL we can point at a local fake
// matters more than a client.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { ConfirmationsConfig } from "../config";

export interface WhatsappCredentials {
  phoneNumberId: string;
  accessToken: string;
}

/** A refusal or failure of the Graph API (its JSON `error`), or no answer in time. */
export class WhatsappError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
    this.name = "WhatsappError";
  }
}

/** A quick-reply button of a template: its payload comes back in the webhook when the client taps it. */
export interface TemplateMessage {
  template: string;
  language: string;
  /** The body's {{1}}, {{2}}… in order. */
  bodyParameters: string[];
  /** The quick-reply buttons' payloads, by the template's button index. */
  buttonPayloads: string[];
}

export interface ListRow {
  id: string;
  /** At most 24 characters. */
  title: string;
  /** At most 72 characters. */
  description?: string;
}

/** The message bodies the Graph API takes (`messaging_product` and `to` are added on send). */
export function templateBody(message: TemplateMessage): Record<string, unknown> {
  return {
    type: "template",
    template: {
      name: message.template,
      language: { code: message.language },
      components: [
        { type: "body", parameters: message.bodyParameters.map((text) => ({ type: "text", text })) },
        ...message.buttonPayloads.map((payload, index) => ({
          type: "button",
          sub_type: "quick_reply",
          index: String(index),
          parameters: [{ type: "payload", payload }],
        })),
      ],
    },
  };
}

export function listBody(
  text: string,
  button: string,
  sectionTitle: string,
  rows: ListRow[],
): Record<string, unknown> {
  return {
    type: "interactive",
    interactive: {
      type: "list",
      body: { text },
      action: {
        button: button.slice(0, 20),
        sections: [
          {
            title: sectionTitle.slice(0, 24),
            rows: rows.map((row) => ({
              id: row.id,
              title: row.title.slice(0, 24),
              ...(row.description ? { description: row.description.slice(0, 72) } : {}),
            })),
          },
        ],
      },
    },
  };
}

/** An interactive message with up to three reply buttons (titles of at most 20 characters); a tap returns the id. */
export function buttonsBody(text: string, buttons: { id: string; title: string }[]): Record<string, unknown> {
  return {
    type: "interactive",
    interactive: {
      type: "button",
      body: { text: text.slice(0, 1024) },
      action: {
        buttons: buttons.slice(0, 3).map((button) => ({
          type: "reply",
          reply: { id: button.id, title: button.title.slice(0, 20) },
        })),
      },
    },
  };
}

export function textBody(text: string): Record<string, unknown> {
  return { type: "text", text: { preview_url: false, body: text } };
}

/** Sends one message to `to` (digits with the country code, as WhatsApp ids are): the message's id (wamid). */
export async function sendWhatsapp(
  config: ConfirmationsConfig,
  credentials: WhatsappCredentials,
  to: string,
  body: Record<string, unknown>,
): Promise<string> {
  const url = `${config.whatsappApiUrl.replace(/\/+$/, "")}/${encodeURIComponent(credentials.phoneNumberId)}/messages`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${credentials.accessToken}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ messaging_product: "whatsapp", recipient_type: "individual", to, ...body }),
      signal: AbortSignal.timeout(config.whatsappTimeoutMs),
    });
  } catch (error) {
    throw new WhatsappError(0, null, `WhatsApp did not answer: ${String(error)}`);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new WhatsappError(response.status, null, `WhatsApp answered ${response.status} without JSON`);
  }
  if (!response.ok) {
    const error = (json as { error?: { code?: number; message?: string } }).error;
    throw new WhatsappError(
      response.status,
      error?.code ?? null,
      error?.message ?? `HTTP ${response.status}`,
    );
  }
  const id = (json as { messages?: { id?: string }[] }).messages?.[0]?.id;
  if (!id) throw new WhatsappError(response.status, null, "WhatsApp answered without a message id");
  return id;
}

/** `sha256=<hex>` of the raw body with the app secret, as Meta signs its webhooks. */
export function whatsappSignature(appSecret: string, rawBody: string | Uint8Array): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

/** Whether `header` (X-Hub-Signature-256) is Meta's signature of `rawBody` with `appSecret` (constant time). */
export function validWhatsappSignature(
  appSecret: string,
  rawBody: string | Uint8Array,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(whatsappSignature(appSecret, rawBody));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What a client did, read from one inbound message of the webhook. */
export interface InboundReply {
  /** The sender's WhatsApp id: their number's digits with the country code. */
  from: string;
  messageId: string;
  /** A template's quick-reply payload, or a list row's or reply button's id. */
  payload: string | null;
  /** A typed message. */
  text: string | null;
}

const str = (value: unknown): string | null => (typeof value === "string" ? value : null);
const obj = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The inbound messages of a webhook's body (`entry[].changes[].value.messages[]`); statuses and others are ignored. */
export function repliesOf(body: unknown): InboundReply[] {
  const replies: InboundReply[] = [];
  for (const entry of arr(obj(body).entry))
    for (const change of arr(obj(entry).changes)) {
      const value = obj(obj(change).value);
      for (const raw of arr(value.messages)) {
        const message = obj(raw);
        const from = str(message.from);
        const messageId = str(message.id);
        if (!from || !messageId) continue;
        const type = str(message.type);
        const interactive = obj(message.interactive);
        const payload =
          type === "button"
            ? str(obj(message.button).payload)
            : type === "interactive"
              ? (str(obj(interactive.list_reply).id) ?? str(obj(interactive.button_reply).id))
              : null;
        const text = type === "text" ? str(obj(message.text).body) : null;
        replies.push({ from, messageId, payload, text });
      }
    }
  return replies;
}

/**
 * The E.164 numbers a WhatsApp id may stand for. Brazilian mobiles registered before the ninth digit often keep an
 * id without it (`55 11 8765-4321` for `+55 11 98765-4321`), so a 12-digit Brazilian id whose number starts like a
 * mobile (6-9) also stands for the number with the 9; a 13-digit one is itself.
 */
export function numbersOfWaId(waId: string): string[] {
  const digits = waId.replace(/\D/g, "");
  const numbers = [`+${digits}`];
  if (/^55\d{2}[6-9]\d{7}$/.test(digits)) numbers.push(`+${digits.slice(0, 4)}9${digits.slice(4)}`);
  return numbers;
}
