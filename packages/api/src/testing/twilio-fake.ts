// A local stand-in for Twilio in tests (third-party HTTP is faked at the network boundary; docs/decisions/0019). It
// speaks Twilio's REST wire format for the endpoints we use (form-encoded requests, JSON answers, Twilio's JSON
// errors): Calls create and update, IncomingPhoneNumbers list and update, under /2010-04-01/Accounts/{AccountSid}/,
// with HTTP Basic auth (AccountSid:AuthToken) checked on every request, and records each request. It also *sends*
// webhooks signed exactly as Twilio signs them: HMAC-SHA1, keyed with the auth token, over the full URL followed by
// every POST parameter's name and value in name order, base64. The signature is computed here with node:crypto, not
// with the library the server validates with, so a mistake in either shows.
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { TwilioConfig } from "../config";

export interface FakeTwilioRequest {
  method: string;
  path: string;
  /** The form parameters of a POST. */
  form: Record<string, string>;
  /** Whether the Basic credentials were the account's. */
  authorized: boolean;
}

export interface FakeTwilioCall {
  sid: string;
  to: string;
  from: string;
  status: string;
  /** Every TwiML the call was given: the first at creation, then each update. */
  twiml: string[];
  statusCallback: string | null;
  timeLimit: string | null;
  /** Where the call's instructions are fetched when it has no inline TwiML (`Url`). */
  url: string | null;
  /** `MachineDetection` as asked ("Enable", "DetectMessageEnd"), or null. */
  machineDetection: string | null;
}

/** Delivers a webhook to the server under test (in-process, or over HTTP when absent). */
export type WebhookDelivery = (url: string, init: RequestInit) => Promise<Response>;

export interface FakeTwilioNumber {
  sid: string;
  phone_number: string;
  friendly_name: string;
  voice_url: string;
  voice_method: string;
  status_callback: string;
  status_callback_method: string;
}

export interface FakeTwilio {
  readonly origin: string;
  readonly accountSid: string;
  readonly authToken: string;
  /** The server's `twilio` setting for this fake (caller id: the first number). */
  readonly config: TwilioConfig;
  readonly requests: FakeTwilioRequest[];
  readonly calls: Map<string, FakeTwilioCall>;
  readonly numbers: FakeTwilioNumber[];
  /** The next Calls create answers this Twilio error instead (e.g. 21217 "not a valid phone number"). */
  failNextCall: { status: number; code: number; message: string } | null;
  addNumber(phoneNumber: string): FakeTwilioNumber;
  /** A call that reached one of the account's numbers (Twilio knows it before any webhook): its CallSid. */
  inboundCall(to: string, from: string): string;
  /** X-Twilio-Signature for a POST of `params` to `url`, as Twilio computes it. */
  sign(url: string, params: Record<string, string>, authToken?: string): string;
  /**
   * POSTs a webhook as Twilio does: form-encoded `params`, signed over `url` (the public URL Twilio was given);
   * delivered to `deliverTo` when the server listens elsewhere than its public URL. `signature` overrides (or, null,
   * leaves out) the header.
   */
  sendWebhook(
    url: string,
    params: Record<string, string>,
    options?: { deliverTo?: string; signature?: string | null },
  ): Promise<{ status: number; body: string }>;
  /**
   * The callee answered a call placed with a `Url`: Twilio fetches its instructions with `AnsweredBy` (answering-
   * machine detection's verdict: human, machine_start, fax, unknown), signed; the TwiML answered joins `twiml`.
   */
  answerCall(
    sid: string,
    answeredBy: string,
    deliver?: WebhookDelivery,
  ): Promise<{ status: number; body: string }>;
  /** The call ended with `status` (completed, no-answer, busy, failed): the signed status callback. */
  endCall(
    sid: string,
    status: string,
    durationSeconds: number,
    deliver?: WebhookDelivery,
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const sidOf = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac("sha1", authToken).update(Buffer.from(data, "utf8")).digest("base64");
}

/** Listens on 127.0.0.1 at any free port. */
export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = sidOf("AC");
  const authToken = randomBytes(16).toString("hex");
  const requests: FakeTwilioRequest[] = [];
  const calls = new Map<string, FakeTwilioCall>();
  const numbers: FakeTwilioNumber[] = [];
  const state: { failNextCall: FakeTwilio["failNextCall"] } = { failNextCall: null };
  const prefix = `/2010-04-01/Accounts/${accountSid}`;
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const now = () => new Date().toUTCString().replace("GMT", "+0000");

  const callJson = (call: FakeTwilioCall) => ({
    sid: call.sid,
    account_sid: accountSid,
    to: call.to,
    from: call.from,
    to_formatted: call.to,
    from_formatted: call.from,
    status: call.status,
    direction: "outbound-api",
    api_version: "2010-04-01",
    date_created: now(),
    date_updated: now(),
    start_time: null,
    end_time: null,
    duration: null,
    price: null,
    price_unit: "USD",
    uri: `${prefix}/Calls/${call.sid}.json`,
  });
  const numberJson = (n: FakeTwilioNumber) => ({
    ...n,
    account_sid: accountSid,
    api_version: "2010-04-01",
    capabilities: { voice: true, sms: true, mms: false, fax: false },
    date_created: now(),
    date_updated: now(),
    uri: `${prefix}/IncomingPhoneNumbers/${n.sid}.json`,
  });
  const twilioError = (status: number, code: number, message: string) => ({
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  });

  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    const url = new URL(req.url ?? "/", "http://fake");
    const form = Object.fromEntries(new URLSearchParams(text));
    const authorized = req.headers.authorization === expectedAuth;
    requests.push({ method: req.method ?? "", path: url.pathname + url.search, form, authorized });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(payload));
    };
    if (!authorized) return send(401, twilioError(401, 20003, "Authenticate"));
    if (!url.pathname.startsWith(prefix))
      return send(404, twilioError(404, 20404, "The requested resource was not found"));
    const path = url.pathname.slice(prefix.length);

    if (req.method === "POST" && path === "/Calls.json") {
      if (!form.To || !form.From || !(form.Twiml || form.Url))
        return send(400, twilioError(400, 21201, "No 'To' number is specified"));
      const failure = state.failNextCall;
      if (failure) {
        state.failNextCall = null;
        return send(failure.status, twilioError(failure.status, failure.code, failure.message));
      }
      const call: FakeTwilioCall = {
        sid: sidOf("CA"),
        to: form.To,
        from: form.From,
        status: "queued",
        twiml: form.Twiml ? [form.Twiml] : [],
        statusCallback: form.StatusCallback ?? null,
        timeLimit: form.TimeLimit ?? null,
        url: form.Url ?? null,
        machineDetection: form.MachineDetection ?? null,
      };
      calls.set(call.sid, call);
      return send(201, callJson(call));
    }
    const callUpdate = /^\/Calls\/(CA[0-9a-f]{32})\.json$/.exec(path);
    if (req.method === "POST" && callUpdate?.[1]) {
      const call = calls.get(callUpdate[1]);
      if (!call) return send(404, twilioError(404, 20404, "The requested resource was not found"));
      if (form.Twiml) call.twiml.push(form.Twiml);
      if (form.Status) call.status = form.Status;
      return send(200, callJson(call));
    }
    if (req.method === "GET" && path === "/IncomingPhoneNumbers.json") {
      return send(200, {
        incoming_phone_numbers: numbers.map(numberJson),
        page: 0,
        page_size: 1000,
        first_page_uri: `${prefix}/IncomingPhoneNumbers.json?PageSize=1000&Page=0`,
        next_page_uri: null,
        previous_page_uri: null,
        uri: `${prefix}/IncomingPhoneNumbers.json?PageSize=1000&Page=0`,
      });
    }
    const numberUpdate = /^\/IncomingPhoneNumbers\/(PN[0-9a-f]{32})\.json$/.exec(path);
    if (req.method === "POST" && numberUpdate?.[1]) {
      const number = numbers.find((n) => n.sid === numberUpdate[1]);
      if (!number) return send(404, twilioError(404, 20404, "The requested resource was not found"));
      if (form.VoiceUrl !== undefined) number.voice_url = form.VoiceUrl;
      if (form.VoiceMethod !== undefined) number.voice_method = form.VoiceMethod;
      if (form.StatusCallback !== undefined) number.status_callback = form.StatusCallback;
      if (form.StatusCallbackMethod !== undefined) number.status_callback_method = form.StatusCallbackMethod;
      return send(200, numberJson(number));
    }
    send(404, twilioError(404, 20404, "The requested resource was not found"));
  });
  // Twilio keeps idle connections far longer than Node's 5 s default; on a loaded test machine a request can reach a
  // socket the fake was closing that very moment ('fetch failed'), which Twilio itself would not do.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function post(url: string, params: Record<string, string>, deliver?: WebhookDelivery) {
    const init: RequestInit = {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "user-agent": "TwilioProxy/1.1",
        "x-twilio-signature": twilioSignature(authToken, url, params),
      },
      body: new URLSearchParams(params).toString(),
    };
    const response = await (deliver ?? fetch)(url, init);
    return { status: response.status, body: await response.text() };
  }

  const fake: FakeTwilio = {
    origin,
    accountSid,
    authToken,
    get config(): TwilioConfig {
      return { accountSid, authToken, apiUrl: origin, callerId: numbers[0]?.phone_number, timeoutMs: 5000 };
    },
    requests,
    calls,
    numbers,
    get failNextCall() {
      return state.failNextCall;
    },
    set failNextCall(value) {
      state.failNextCall = value;
    },
    addNumber(phoneNumber) {
      const number: FakeTwilioNumber = {
        sid: sidOf("PN"),
        phone_number: phoneNumber,
        friendly_name: phoneNumber,
        voice_url: "",
        voice_method: "POST",
        status_callback: "",
        status_callback_method: "POST",
      };
      numbers.push(number);
      return number;
    },
    inboundCall(to, from) {
      const sid = sidOf("CA");
      calls.set(sid, {
        sid,
        to,
        from,
        status: "in-progress",
        twiml: [],
        statusCallback: null,
        timeLimit: null,
        url: null,
        machineDetection: null,
      });
      return sid;
    },
    sign: (url, params, token = authToken) => twilioSignature(token, url, params),
    async sendWebhook(url, params, options = {}) {
      const headers: Record<string, string> = {
        "content-type": "application/x-www-form-urlencoded",
        "user-agent": "TwilioProxy/1.1",
      };
      const signature =
        options.signature === undefined ? twilioSignature(authToken, url, params) : options.signature;
      if (signature !== null) headers["x-twilio-signature"] = signature;
      const response = await fetch(options.deliverTo ?? url, {
        method: "POST",
        headers,
        body: new URLSearchParams(params).toString(),
      });
      return { status: response.status, body: await response.text() };
    },
    async answerCall(sid, answeredBy, deliver) {
      const call = calls.get(sid);
      if (!call?.url) throw new Error(`the fake has no call ${sid} with a Url`);
      call.status = "in-progress";
      const params = {
        AccountSid: accountSid,
        CallSid: sid,
        From: call.from,
        To: call.to,
        CallStatus: "in-progress",
        Direction: "outbound-api",
        AnsweredBy: answeredBy,
      };
      const answer = await post(call.url, params, deliver);
      if (answer.status === 200) call.twiml.push(answer.body);
      return answer;
    },
    async endCall(sid, status, durationSeconds, deliver) {
      const call = calls.get(sid);
      if (!call?.statusCallback) throw new Error(`the fake has no call ${sid} with a status callback`);
      call.status = status;
      return post(
        call.statusCallback,
        {
          AccountSid: accountSid,
          CallSid: sid,
          From: call.from,
          To: call.to,
          CallStatus: status,
          CallDuration: String(durationSeconds),
          Direction: "outbound-api",
        },
        deliver,
      );
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}
