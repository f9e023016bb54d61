// The telephony provider (ARCHITECTURE.md "Real parts and their embedded defaults"; docs/decisions/0019-twilio.md):
// one interface, two implementations. `twilio` speaks Twilio's REST API (Calls create and update, IncomingPhoneNumbers
// list and update) with plain `fetch` and Basic auth, because the SDK's base URL cannot be pointed at a local fake
// (its hosts are fixed; only region and edge change them); the SDK is used for what it does well: checking
// X-Twilio-Signature and building TwiML. `none` is the default without TWILIO_ACCOUNT_SID/TWILIO_AUTH_TOKEN: no phone
// line, and every caller of it says so instead of pretending.
//
// Dialling is apart (docs/decisions/0033-dial-gate.md): `telephonyOf` cannot create or update a call; `dialerOf`
// can, but only with a `GatedCall` or a `GatedTwiml`, which the dial gate (./dial-gate.ts) alone makes after it
// checked the number and counted the dial. `dialerOf` is not exported from the package, and
// `dial-gate.test.ts` fails when any module but the gate imports it or builds a `<Dial>`.
import twilio from "twilio";
import type { TwilioConfig } from "../config";

export interface PlacedCall {
  callSid: string;
  status: string;
}

export interface AccountNumber {
  sid: string;
  /** E.164. */
  phoneNumber: string;
  friendlyName: string;
  voiceUrl: string | null;
  statusCallback: string | null;
}

export interface CallRequest {
  to: string;
  from: string;
  /**
   * The call's instructions: inline (Twilio's `Twiml` parameter), or fetched from `url` once the call is answered
   * (Twilio's `Url`, a POST signed like every webhook), which is what answering-machine detection reports to.
   */
  instructions: { twiml: string } | { url: string };
  /**
   * Twilio's answering-machine detection (`MachineDetection=Enable`): the `url` is fetched only when detection ends,
   * with `AnsweredBy` (human, machine_start, fax, unknown) among its parameters.
   */
  machineDetection?: boolean;
  /** Where Twilio reports the call's end (`StatusCallback`). */
  statusCallback: string;
  /** Twilio hangs up after this many seconds (`TimeLimit`): the test call's cap holds at the network too. */
  timeLimitSeconds: number;
}

declare const gated: unique symbol;

/** A call the dial gate admitted: its number checked for its purpose and the dial counted. Only the gate makes one. */
export type GatedCall = CallRequest & { readonly [gated]: "call" };
/** TwiML holding a `<Dial>` the dial gate admitted. Only the gate makes one. */
export type GatedTwiml = string & { readonly [gated]: "twiml" };

export interface TelephonyProvider {
  readonly kind: "twilio" | "none";
  /** Whether `signature` (X-Twilio-Signature) is Twilio's over `url` and the POST `params`. */
  validSignature(signature: string | undefined, url: string, params: Record<string, string>): boolean;
  listNumbers(): Promise<AccountNumber[]>;
  /** Points a number's voice webhook and status callback at us. */
  configureNumber(sid: string, urls: { voiceUrl: string; statusCallback: string }): Promise<AccountNumber>;
}

/** What dials: reachable only through the dial gate (docs/decisions/0033-dial-gate.md). */
export interface Dialer {
  readonly kind: "twilio" | "none";
  createCall(call: GatedCall): Promise<PlacedCall>;
  /** Replaces a live call's instructions (a transfer: `<Dial>`). */
  updateCall(callSid: string, twiml: GatedTwiml): Promise<void>;
}

type Telephony = TelephonyProvider & Dialer;

/** A refusal or failure of Twilio's API (its JSON error: `code`, `message`, `status`), or no answer in time. */
export class TwilioError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
    this.name = "TwilioError";
  }
}

export class TelephonyNotConfigured extends Error {
  constructor() {
    super("Twilio is not configured");
    this.name = "TelephonyNotConfigured";
  }
}

const none: Telephony = {
  kind: "none",
  validSignature: () => false,
  createCall: () => Promise.reject(new TelephonyNotConfigured()),
  updateCall: () => Promise.reject(new TelephonyNotConfigured()),
  listNumbers: () => Promise.reject(new TelephonyNotConfigured()),
  configureNumber: () => Promise.reject(new TelephonyNotConfigured()),
};

interface TwilioNumberJson {
  sid: string;
  phone_number: string;
  friendly_name?: string | null;
  voice_url?: string | null;
  status_callback?: string | null;
}

function numberOf(json: TwilioNumberJson): AccountNumber {
  return {
    sid: json.sid,
    phoneNumber: json.phone_number,
    friendlyName: json.friendly_name ?? json.phone_number,
    voiceUrl: json.voice_url || null,
    statusCallback: json.status_callback || null,
  };
}

function twilioProvider(config: TwilioConfig): Telephony {
  const base = `${config.apiUrl.replace(/\/+$/, "")}/2010-04-01/Accounts/${config.accountSid}`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;

  async function request<T>(method: "GET" | "POST", path: string, form?: Record<string, string>): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization,
          accept: "application/json",
          ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body: form ? new URLSearchParams(form).toString() : undefined,
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      throw new TwilioError(0, null, `Twilio did not answer: ${String(error)}`);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new TwilioError(response.status, null, `Twilio answered ${response.status} without JSON`);
    }
    if (!response.ok) {
      const error = json as { code?: number; message?: string };
      throw new TwilioError(response.status, error.code ?? null, error.message ?? `HTTP ${response.status}`);
    }
    return json as T;
  }

  return {
    kind: "twilio",
    validSignature(signature, url, params) {
      if (!signature) return false;
      return twilio.validateRequest(config.authToken, signature, url, params);
    },
    async createCall(call) {
      const created = await request<{ sid: string; status: string }>("POST", "/Calls.json", {
        To: call.to,
        From: call.from,
        ...("twiml" in call.instructions
          ? { Twiml: call.instructions.twiml }
          : { Url: call.instructions.url, Method: "POST" }),
        ...(call.machineDetection ? { MachineDetection: "Enable" } : {}),
        StatusCallback: call.statusCallback,
        StatusCallbackMethod: "POST",
        TimeLimit: String(call.timeLimitSeconds),
      });
      return { callSid: created.sid, status: created.status };
    },
    async updateCall(callSid, twiml) {
      await request("POST", `/Calls/${encodeURIComponent(callSid)}.json`, { Twiml: twiml });
    },
    async listNumbers() {
      const numbers: AccountNumber[] = [];
      // Twilio pages with `next_page_uri` (relative to the API's origin); a few pages at most for one account.
      let path: string | null = "/IncomingPhoneNumbers.json?PageSize=1000";
      for (let page = 0; path && page < 20; page++) {
        const answer: { incoming_phone_numbers: TwilioNumberJson[]; next_page_uri?: string | null } =
          await request("GET", path);
        numbers.push(...answer.incoming_phone_numbers.map(numberOf));
        const next = answer.next_page_uri;
        path = next ? next.slice(next.indexOf("/IncomingPhoneNumbers")) : null;
      }
      return numbers;
    },
    async configureNumber(sid, urls) {
      const updated = await request<TwilioNumberJson>(
        "POST",
        `/IncomingPhoneNumbers/${encodeURIComponent(sid)}.json`,
        {
          VoiceUrl: urls.voiceUrl,
          VoiceMethod: "POST",
          StatusCallback: urls.statusCallback,
          StatusCallbackMethod: "POST",
        },
      );
      return numberOf(updated);
    },
  };
}

/** Holds nothing but the credentials (each request is a plain `fetch`), so it is cheap to build where it is needed. */
function providerOf(config: { twilio: TwilioConfig | undefined }): Telephony {
  return config.twilio ? twilioProvider(config.twilio) : none;
}

/** The provider the configuration chooses: Twilio when its credentials are set, else none. It does not dial. */
export function telephonyOf(config: { twilio: TwilioConfig | undefined }): TelephonyProvider {
  const { kind, validSignature, listNumbers, configureNumber } = providerOf(config);
  return { kind, validSignature, listNumbers, configureNumber };
}

/** Call creation and update: for the dial gate (./dial-gate.ts) only, which the gate's structural test holds to. */
export function dialerOf(config: { twilio: TwilioConfig | undefined }): Dialer {
  const { kind, createCall, updateCall } = providerOf(config);
  return { kind, createCall, updateCall };
}

// ─── TwiML (built with the SDK's VoiceResponse, which escapes every value) ─────────────────────────────────────

/** Connects the call to the gateway's media stream with the call ticket and the call's parameters. */
export function connectStreamTwiml(streamUrl: string, parameters: Record<string, string>): string {
  const response = new twilio.twiml.VoiceResponse();
  const stream = response.connect().stream({ url: streamUrl });
  for (const [name, value] of Object.entries(parameters)) stream.parameter({ name, value });
  return response.toString();
}

/** A short spoken line in pt-BR, then the call ends. */
export function sayAndHangUpTwiml(text: string): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say({ language: "pt-BR" }, text);
  response.hangup();
  return response.toString();
}

/** A short spoken line in pt-BR and nothing else (a warm transfer's whisper: the call connects after it). */
export function sayTwiml(text: string): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say({ language: "pt-BR" }, text);
  return response.toString();
}

/** A spoken line in pt-BR, then the call's media stream to the gateway (a caller brought back to the agent). */
export function sayThenConnectStreamTwiml(
  text: string,
  streamUrl: string,
  parameters: Record<string, string>,
): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say({ language: "pt-BR" }, text);
  const stream = response.connect().stream({ url: streamUrl });
  for (const [name, value] of Object.entries(parameters)) stream.parameter({ name, value });
  return response.toString();
}

/** An empty answer (a status webhook needs no instructions). */
export function emptyTwiml(): string {
  return new twilio.twiml.VoiceResponse().toString();
}
