// The Twilio codec stage on its own (decision 0035): messages in, events out, and back; no socket.

import type { InboundEvent } from "@atende/shared/telephony";
import { FRAME_BYTES } from "@atende/shared/telephony";
import { describe, expect, it } from "vitest";
import { decodeInbound, encodeOutbound, mediaEncoder, routeInbound, StreamWriter } from "./twilio-codec";

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

  it("routes events to the call: start and stop always, the caller's only once the call is open; blank text is none", () => {
    const got: string[] = [];
    let open = false;
    const handlers = {
      start: (event: Extract<InboundEvent, { event: "start" }>) => got.push(`start ${event.start.streamSid}`),
      stop: () => got.push("stop"),
      open: () => open,
      media: (mulaw: Uint8Array) => got.push(`media ${[...mulaw].join(",")}`),
      mark: (name: string) => got.push(`mark ${name}`),
      digit: (digit: string) => got.push(`digit ${digit}`),
      text: (text: string) => got.push(`text ${text}`),
      interim: (text: string) => got.push(`interim ${text}`),
    };
    const route = (message: string) => {
      const event = decodeInbound(message);
      if (!event) throw new Error(`not an event: ${message}`);
      routeInbound(event, handlers);
    };
    const media = `{"event":"media","streamSid":"MZ1","media":{"payload":"${Buffer.from([1, 2, 255]).toString("base64")}"}}`;
    route('{"event":"connected","protocol":"Call"}');
    route(media);
    route('{"event":"text","streamSid":"MZ1","text":"cedo demais"}');
    route(
      '{"event":"start","streamSid":"MZ1","start":{"streamSid":"MZ1","callSid":"CA1","customParameters":{"ticket":"t"}}}',
    );
    open = true;
    route(media);
    route('{"event":"mark","streamSid":"MZ1","mark":{"name":"call-1-0"}}');
    route('{"event":"dtmf","streamSid":"MZ1","dtmf":{"digit":"5"}}');
    route('{"event":"text","streamSid":"MZ1","text":"  quero marcar  "}');
    route('{"event":"text","streamSid":"MZ1","text":"não espera","interim":true}');
    route('{"event":"text","streamSid":"MZ1","text":"   "}');
    route('{"event":"stop","streamSid":"MZ1"}');
    expect(got).toEqual([
      "start MZ1",
      "media 1,2,255",
      "mark call-1-0",
      "digit 5",
      "text quero marcar",
      "interim não espera",
      "stop",
    ]);
  });

  it("writes one stream's events with its id, events only while the socket is open, frames as they come", () => {
    const sent: string[] = [];
    const socket = { readyState: 1, send: (data: string) => sent.push(data) };
    const writer = new StreamWriter(socket);
    writer.streamSid = "MZ9";
    writer.mark("m-1");
    writer.clear();
    writer.transcript("agent", "Olá!", true);
    writer.agentState("listening");
    writer.media(new Uint8Array([1, 2, 3]));
    socket.readyState = 3;
    writer.clear();
    writer.media(new Uint8Array([4]));
    expect(sent.map((s) => JSON.parse(s))).toEqual([
      { event: "mark", streamSid: "MZ9", mark: { name: "m-1" } },
      { event: "clear", streamSid: "MZ9" },
      { event: "transcript", streamSid: "MZ9", role: "agent", text: "Olá!", final: true },
      { event: "agent-state", streamSid: "MZ9", state: "listening" },
      { event: "media", streamSid: "MZ9", media: { payload: Buffer.from([1, 2, 3]).toString("base64") } },
      { event: "media", streamSid: "MZ9", media: { payload: Buffer.from([4]).toString("base64") } },
    ]);
  });
});
