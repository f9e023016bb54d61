// The Twilio codec stage (docs/architecture.md "Voice pipeline", step 3; decision 0035): the Media Streams protocol
// read and written, nothing else. In: one websocket text message → one inbound event, or null for anything that is
// not one (not JSON, an unknown event, a field out of bounds: ignored, as Twilio's own clients never send them). Out:
// events → the text Twilio reads; an agent frame's `media` event is written out by hand (50 a second per call: the
// hot path), the same JSON `JSON.stringify` would write.
import { InboundEvent, type OutboundEvent } from "@atende/shared/telephony";

/** One inbound message, parsed and checked, or null. */
export function decodeInbound(message: string): InboundEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    return null;
  }
  const parsed = InboundEvent.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** One outbound event as the text of a websocket message. */
export function encodeOutbound(event: OutboundEvent): string {
  return JSON.stringify(event);
}

/** The writer of one stream's agent frames: `{"event":"media","streamSid":…,"media":{"payload":base64}}`. */
export function mediaEncoder(streamSid: string): (frame: Uint8Array) => string {
  const sid = JSON.stringify(streamSid);
  return (frame) => {
    const payload = Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength).toString("base64");
    return `{"event":"media","streamSid":${sid},"media":{"payload":"${payload}"}}`;
  };
}
