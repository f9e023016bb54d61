// The Twilio codec stage on its own (decision 0035): messages in, events out, and back; no socket.
import { FRAME_BYTES } from "@atende/shared/telephony";
import { describe, expect, it } from "vitest";
import { decodeInbound, encodeOutbound, mediaEncoder } from "./twilio-codec";

describe("the Twilio codec stage", () => {
  it("reads Twilio's events and the softphone's typed text", () => {
    const payload = Buffer.alloc(FRAME_BYTES, 0xff).toString("base64");
    expect(
      decodeInbound(
        JSON.stringify({ event: "media", streamSid: "MZ1", media: { track: "inbound", payload } }),
      ),
    ).toMatchObject({ event: "media", media: { payload } });
    expect(decodeInbound('{"event":"mark","streamSid":"MZ1","mark":{"name":"call-1-0"}}')).toMatchObject({
      event: "mark",
      mark: { name: "call-1-0" },
    });
    expect(decodeInbound('{"event":"dtmf","streamSid":"MZ1","dtmf":{"digit":"5"}}')).toMatchObject({
      event: "dtmf",
      dtmf: { digit: "5" },
    });
    expect(decodeInbound('{"event":"text","streamSid":"MZ1","text":"quero marcar"}')).toMatchObject({
      event: "text",
      text: "quero marcar",
    });
    expect(decodeInbound('{"event":"stop","streamSid":"MZ1"}')).toEqual({ event: "stop", streamSid: "MZ1" });
  });

  it("answers null for what is not an event: not JSON, an unknown event, a missing field", () => {
    expect(decodeInbound("not json")).toBeNull();
    expect(decodeInbound('{"event":"hello"}')).toBeNull();
    expect(decodeInbound('{"event":"mark","streamSid":"MZ1"}')).toBeNull();
    expect(decodeInbound("[]")).toBeNull();
  });

  it("writes an agent frame as the same JSON a generic writer would, and other events with it", () => {
    const frame = new Uint8Array(FRAME_BYTES).map((_, i) => i);
    const sid = 'MZ"quoted"';
    const written = mediaEncoder(sid)(frame.subarray(0, FRAME_BYTES));
    expect(JSON.parse(written)).toEqual({
      event: "media",
      streamSid: sid,
      media: { payload: Buffer.from(frame).toString("base64") },
    });
    expect(JSON.parse(encodeOutbound({ event: "clear", streamSid: "MZ1" }))).toEqual({
      event: "clear",
      streamSid: "MZ1",
    });
  });

  it("writes a frame that is a view into a larger buffer from its own bytes only", () => {
    const buffer = new Uint8Array(FRAME_BYTES * 3).fill(1);
    buffer.fill(7, FRAME_BYTES, FRAME_BYTES * 2);
    const written = JSON.parse(mediaEncoder("MZ1")(buffer.subarray(FRAME_BYTES, FRAME_BYTES * 2))) as {
      media: { payload: string };
    };
    expect([...Buffer.from(written.media.payload, "base64")]).toEqual(new Array(FRAME_BYTES).fill(7));
  });
});
