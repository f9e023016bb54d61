// The Twilio adapter against the local fake: Twilio's REST wire format, Basic auth, its errors, and signatures
// computed by the fake with node:crypto and checked by the SDK's validateRequest. The adapter's own test is the one
// place besides the dial gate that reaches `dialerOf` (dial-gate.test.ts allows it by name): it forges the gate's
// brands to see the wire format, and dials only the fake.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeTwilio, startFakeTwilio } from "../testing/twilio-fake";
import {
  type CallRequest,
  connectStreamTwiml,
  dialerOf,
  type GatedCall,
  type GatedTwiml,
  TwilioError,
  telephonyOf,
} from "./provider";

const gatedCall = (call: CallRequest) => call as GatedCall;

let fake: FakeTwilio;
beforeAll(async () => {
  fake = await startFakeTwilio();
});
afterAll(() => fake.close());

describe("the Twilio provider", () => {
  it("is none without credentials, and does not dial", async () => {
    const provider = telephonyOf({ twilio: undefined });
    expect(provider.kind).toBe("none");
    expect(Object.keys(provider).sort()).toEqual([
      "configureNumber",
      "kind",
      "listNumbers",
      "validSignature",
    ]);
    expect(provider.validSignature("x", "https://a.test/", {})).toBe(false);
    await expect(provider.listNumbers()).rejects.toThrow("not configured");
  });

  it("creates and updates a call, form-encoded, with Basic auth", async () => {
    const provider = dialerOf({ twilio: fake.config });
    const twiml = connectStreamTwiml("wss://voz.test/media-stream", { token: "t<&>", callId: "c1" });
    const placed = await provider.createCall(
      gatedCall({
        to: "+5511987654321",
        from: "+5511300000000",
        instructions: { twiml },
        statusCallback: "https://atende.test/telephony/twilio/status",
        timeLimitSeconds: 300,
      }),
    );
    expect(placed.callSid).toMatch(/^CA[0-9a-f]{32}$/);
    const call = fake.calls.get(placed.callSid);
    expect(call).toMatchObject({ to: "+5511987654321", from: "+5511300000000", timeLimit: "300" });
    expect(call?.twiml[0]).toContain('<Parameter name="token" value="t&lt;&amp;>"/>');
    const dial = '<?xml version="1.0" encoding="UTF-8"?><Response><Dial>+551133334444</Dial></Response>';
    await provider.updateCall(placed.callSid, dial as GatedTwiml);
    expect(call?.twiml[1]).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Dial>+551133334444</Dial></Response>',
    );
    expect(fake.requests.every((r) => r.authorized)).toBe(true);
  });

  it("lists the account's numbers and points one at our webhooks", async () => {
    const provider = telephonyOf({ twilio: fake.config });
    const number = fake.addNumber("+551140040000");
    const listed = await provider.listNumbers();
    expect(listed.map((n) => n.phoneNumber)).toContain("+551140040000");
    const configured = await provider.configureNumber(number.sid, {
      voiceUrl: "https://atende.test/telephony/twilio/voice",
      statusCallback: "https://atende.test/telephony/twilio/status",
    });
    expect(configured.voiceUrl).toBe("https://atende.test/telephony/twilio/voice");
    expect(number.status_callback).toBe("https://atende.test/telephony/twilio/status");
  });

  it("reports Twilio's errors, wrong credentials included", async () => {
    const wrong = telephonyOf({ twilio: { ...fake.config, authToken: "0".repeat(32) } });
    await expect(wrong.listNumbers()).rejects.toMatchObject({ status: 401, code: 20003 });
    fake.failNextCall = { status: 400, code: 21217, message: "Phone number is not a valid phone number" };
    const provider = dialerOf({ twilio: fake.config });
    const failed = provider.createCall(
      gatedCall({
        to: "+5511987654321",
        from: "+5511300000000",
        instructions: { twiml: "<Response/>" },
        statusCallback: "https://atende.test/s",
        timeLimitSeconds: 60,
      }),
    );
    await expect(failed).rejects.toBeInstanceOf(TwilioError);
    await expect(failed).rejects.toMatchObject({ code: 21217 });
  });

  it("accepts Twilio's signature over the URL and sorted parameters, and nothing else", () => {
    const provider = telephonyOf({ twilio: fake.config });
    const url = "https://atende.test/telephony/twilio/voice";
    const params = { To: "+551140040000", From: "+5511987654321", CallSid: `CA${"a".repeat(32)}` };
    const signature = fake.sign(url, params);
    expect(provider.validSignature(signature, url, params)).toBe(true);
    expect(provider.validSignature(signature, url, { ...params, To: "+551140040001" })).toBe(false);
    expect(provider.validSignature(signature, "https://evil.test/telephony/twilio/voice", params)).toBe(
      false,
    );
    expect(provider.validSignature(fake.sign(url, params, "f".repeat(32)), url, params)).toBe(false);
    expect(provider.validSignature(undefined, url, params)).toBe(false);
  });
});
