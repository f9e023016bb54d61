// Twilio's webhooks (ARCHITECTURE.md "Telephony gateway"; docs/decisions/0019-twilio.md): form-encoded POSTs signed
// with X-Twilio-Signature over the URL Twilio was given (PUBLIC_URL + path + query) and the POST parameters. A
// missing or wrong signature is a 403 and changes nothing: that is what Twilio's own request validation answers,
// and a webhook has no credentials to retry with (401 asks for them). Without Twilio configured there is nothing to
// check a signature against: 404.
import {
  type ApiConfig,
  answerConfirmationCall,
  answerInboundCall,
  answerOfferCall,
  closeEndedCall,
  confirmationCallEnded,
  emptyTwiml,
  enqueueSends,
  type JobQueue,
  offerCallEnded,
  type TelephonyProvider,
  transferResultTwiml,
  whisperTwiml,
} from "@atende/api";
import type { DataAccess } from "@atende/db";
import { TELEPHONY_MESSAGES } from "@atende/shared/schemas/calls";
import { type Context, Hono } from "hono";
import type { Logger } from "pino";
import { body } from "./errors";

interface Deps {
  data: DataAccess;
  config: ApiConfig;
  /** The installation's telephony provider (the composition root's). */
  telephony: TelephonyProvider;
  /** Where a confirmation call's retry or next channel is queued (docs/decisions/0050-confirmations.md). */
  queue: JobQueue;
  logger: Logger;
  now?: (() => Date) | undefined;
}

/** The POST's parameters as Twilio sent them (strings only; a body that is not a form has none). */
async function formParams(c: Context): Promise<Record<string, string>> {
  const type = c.req.header("content-type")?.split(";", 1)[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") return {};
  return Object.fromEntries(new URLSearchParams(await c.req.text()));
}

const twiml = (c: Context, xml: string) => c.body(xml, 200, { "content-type": "text/xml; charset=utf-8" });

export function createTwilioWebhooks(deps: Deps): Hono {
  const app = new Hono();
  const now = deps.now ?? (() => new Date());

  /** The checked parameters, or the refusal to answer. */
  async function verified(c: Context): Promise<Record<string, string> | Response> {
    const provider = deps.telephony;
    if (provider.kind === "none") return c.json(body(TELEPHONY_MESSAGES.notConfigured), 404);
    const params = await formParams(c);
    const url = new URL(c.req.url);
    const signedUrl = `${deps.config.serverOrigin.replace(/\/+$/, "")}${url.pathname}${url.search}`;
    if (!provider.validSignature(c.req.header("x-twilio-signature"), signedUrl, params)) {
      deps.logger.warn({ path: url.pathname }, "twilio webhook with a bad signature");
      return c.json(body(TELEPHONY_MESSAGES.invalidSignature), 403);
    }
    return params;
  }

  app.post("/telephony/twilio/voice", async (c) => {
    const params = await verified(c);
    if (params instanceof Response) return params;
    return twiml(c, await answerInboundCall(deps.data, deps.config, params, now()));
  });

  // A confirmation call's instructions, fetched once answering-machine detection ended (decision 0050).
  app.post("/telephony/twilio/confirmation", async (c) => {
    const params = await verified(c);
    if (params instanceof Response) return params;
    return twiml(c, await answerConfirmationCall(deps.data, deps.config, c.req.query(), params, now()));
  });

  // A waitlist offer call's instructions, the same way (docs/decisions/0057-waitlist-offer-call.md).
  app.post("/telephony/twilio/offer", async (c) => {
    const params = await verified(c);
    if (params instanceof Response) return params;
    return twiml(c, await answerOfferCall(deps.data, deps.config, c.req.query(), params, now()));
  });

  app.post("/telephony/twilio/status", async (c) => {
    const params = await verified(c);
    if (params instanceof Response) return params;
    // A confirmation call first (a machine's call keeps its summary; nobody answering brings the retry), then the
    // call's own record.
    await enqueueSends(deps.queue, await confirmationCallEnded(deps.data, deps.config, params, now()));
    // A waitlist offer call: a machine's call keeps its summary; nobody answering lets the hold run on to its expiry.
    await offerCallEnded(deps.data, params, now());
    const outcome = await closeEndedCall(deps.data, params, now());
    deps.logger.info({ callSid: params.CallSid, status: params.CallStatus, outcome }, "twilio call status");
    return twiml(c, emptyTwiml());
  });

  // The warm transfer (issue #24): the whisper to whoever answers, and the dial's outcome.
  app.post("/telephony/twilio/whisper", async (c) => {
    const params = await verified(c);
    if (params instanceof Response) return params;
    return twiml(c, await whisperTwiml(deps.data, c.req.query("call") ?? ""));
  });

  app.post("/telephony/twilio/transfer-result", async (c) => {
    const params = await verified(c);
    if (params instanceof Response) return params;
    const result = await transferResultTwiml(
      deps.data,
      deps.config,
      params,
      c.req.query("call") ?? "",
      now(),
    );
    deps.logger.info(
      { callSid: params.CallSid, dialStatus: params.DialCallStatus, outcome: result.outcome },
      "twilio transfer result",
    );
    return twiml(c, result.twiml);
  });

  return app;
}
