import { InboundEvent } from "@atende/shared/telephony";
import { describe, expect, it } from "vitest";
import { decodeBase64, encodeBase64, newStreamSid, openingEvents, parseOutbound } from "./protocol";

describe("the softphone's side of the media-stream protocol", () => {
  it("opens as a Twilio client does, with events the gateway's own schema accepts", () => {
    const streamSid = newStreamSid();
    expect(streamSid).toMatch(/^MZ[0-9a-f]{32}$/);
    expect(newStreamSid()).not.toBe(streamSid);
    const events = openingEvents(
      {
        url: "ws://x/media-stream",
        customParameters: { token: "t.k.n", callId: "call-1", now: "2030-01-01T09:00:00-03:00" },
      },
      streamSid,
    );
    for (const event of events) expect(InboundEvent.safeParse(event).success).toBe(true);
    expect(events[1]).toEqual({
      event: "start",
      streamSid,
      start: {
        streamSid,
        callSid: "call-1",
        customParameters: { token: "t.k.n", callId: "call-1", now: "2030-01-01T09:00:00-03:00" },
      },
    });
  });

  it("carries mu-law bytes in base64 both ways", () => {
    const bytes = Uint8Array.from({ length: 160 }, (_, i) => (i * 37) % 256);
    const payload = encodeBase64(bytes);
    expect(payload).toBe(Buffer.from(bytes).toString("base64"));
    expect(Array.from(decodeBase64(payload))).toEqual(Array.from(bytes));
    expect(InboundEvent.safeParse({ event: "media", streamSid: "MZ1", media: { payload } }).success).toBe(
      true,
    );
  });

  it("reads what the gateway sends and ignores what it does not know or cannot read", () => {
    expect(parseOutbound('{"event":"mark","streamSid":"MZ1","mark":{"name":"m-1"}}')).toEqual({
      event: "mark",
      streamSid: "MZ1",
      mark: { name: "m-1" },
    });
    expect(parseOutbound('{"event":"transcript","role":"agent","text":"Olá","final":false}')).toMatchObject({
      role: "agent",
      text: "Olá",
      final: false,
    });
    expect(parseOutbound('{"event":"agent-state","state":"thinking"}')).toMatchObject({ state: "thinking" });
    expect(parseOutbound('{"event":"clear","streamSid":"MZ1"}')).toEqual({
      event: "clear",
      streamSid: "MZ1",
    });
    for (const junk of [
      "not json",
      "null",
      '{"event":"agent-state","state":"sleeping"}',
      '{"event":"transcript","role":"robot","text":"x","final":true}',
      '{"event":"media","media":{}}',
      '{"event":"dtmf"}',
    ]) {
      expect(parseOutbound(junk)).toBeNull();
    }
    expect(parseOutbound(new ArrayBuffer(2))).toBeNull();
  });
});
