import { describe, expect, it } from "vitest";
import { decodeMulaw, decodeMulawInto, encodeMulaw, MULAW_SILENCE } from "./mulaw";

describe("mu-law", () => {
  it("matches G.711's reference points", () => {
    expect(Array.from(encodeMulaw(Int16Array.from([0, -1, 32767, -32768])))).toEqual([
      0xff, 0x7f, 0x80, 0x00,
    ]);
    expect(Array.from(decodeMulaw(Uint8Array.from([0xff, 0x80, 0x00, 0x7f])))).toEqual([0, 32124, -32124, 0]);
    expect(decodeMulaw(Uint8Array.of(MULAW_SILENCE))[0]).toBe(0);
  });

  it("round-trips every code, and every sample within the quantisation step of its segment", () => {
    for (let code = 0; code < 256; code++) {
      const back = encodeMulaw(decodeMulaw(Uint8Array.of(code)))[0] as number;
      // 0x7f and 0xff both decode to 0 (negative and positive zero).
      expect(decodeMulaw(Uint8Array.of(back))[0]).toBe(decodeMulaw(Uint8Array.of(code))[0]);
    }
    for (let s = -32768; s <= 32767; s += 7) {
      const decoded = decodeMulaw(encodeMulaw(Int16Array.of(s)))[0] as number;
      expect(Math.abs(decoded - Math.max(-32124, Math.min(32124, s)))).toBeLessThanOrEqual(
        Math.max(8, Math.abs(s) / 16),
      );
    }
  });

  it("decodes into one channel of an interleaved buffer as decodeMulaw does, leaving the other alone", () => {
    const codes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const target = new Int16Array(2 + codes.length * 2).fill(7);
    decodeMulawInto(codes, target, 3, 2);
    const decoded = decodeMulaw(codes);
    for (let i = 0; i < codes.length; i++) {
      expect(target[3 + i * 2]).toBe(decoded[i]);
      expect(target[2 + i * 2]).toBe(7);
    }
    expect([target[0], target[1]]).toEqual([7, 7]);
  });
});
