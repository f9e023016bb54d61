// G.711 mu-law, the telephone's 8-bit audio (Twilio Media Streams, the softphone): browser-safe, table driven.
const BIAS = 0x84;
const CLIP = 32635;

const decodeTable = new Int16Array(256);
for (let i = 0; i < 256; i++) {
  const u = ~i & 0xff;
  const exponent = (u >> 4) & 0x07;
  const mantissa = u & 0x0f;
  const magnitude = (((mantissa << 3) + BIAS) << exponent) - BIAS;
  decodeTable[i] = u & 0x80 ? -magnitude : magnitude;
}

/** The segment (exponent) of a biased magnitude: the position of its highest set bit above bit 7. */
const exponentTable = new Uint8Array(256);
for (let i = 0; i < 256; i++) exponentTable[i] = i < 2 ? 0 : Math.floor(Math.log2(i));

function encodeSample(sample: number): number {
  const sign = sample < 0 ? 0x80 : 0;
  let magnitude = sign ? -sample : sample;
  if (magnitude > CLIP) magnitude = CLIP;
  magnitude += BIAS;
  const exponent = exponentTable[(magnitude >> 7) & 0xff] ?? 0;
  const mantissa = (magnitude >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

const encodeTable = new Uint8Array(65536);
for (let i = 0; i < 65536; i++) encodeTable[i] = encodeSample(i - 32768);

export function decodeMulaw(bytes: Uint8Array): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = decodeTable[bytes[i] as number] as number;
  return out;
}

/**
 * Decodes `bytes` into `target` from `start`, one sample every `step` (2 for a channel of interleaved stereo): the
 * gateway's recording writes each 20 ms frame straight into its held buffer, with no array per frame (decision 0063).
 */
export function decodeMulawInto(bytes: Uint8Array, target: Int16Array, start: number, step: number): void {
  for (let i = 0, at = start; i < bytes.length; i++, at += step) {
    target[at] = decodeTable[bytes[i] as number] as number;
  }
}

export function encodeMulaw(pcm: Int16Array): Uint8Array {
  const out = new Uint8Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = encodeTable[(pcm[i] as number) + 32768] as number;
  return out;
}

/** The mu-law byte of silence (a zero sample). */
export const MULAW_SILENCE = 0xff;
