// Band-limited resampling (windowed sinc, Blackman window): eSpeak's 22,050 Hz to the telephone's 8 kHz without
// aliasing, and back up where a recogniser wants 16 kHz.
const HALF_TAPS = 16;

function blackman(x: number): number {
  // x in [-1, 1]
  return 0.42 + 0.5 * Math.cos(Math.PI * x) + 0.08 * Math.cos(2 * Math.PI * x);
}

export function resample(input: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (fromRate === toRate) return input.slice();
  const ratio = fromRate / toRate;
  // Cut below the lower Nyquist frequency, with a little room for the filter's slope.
  const cutoff = Math.min(1, toRate / fromRate) * 0.92;
  const half = Math.ceil(HALF_TAPS / cutoff);
  const length = Math.floor(input.length / ratio);
  const out = new Int16Array(length);
  for (let n = 0; n < length; n++) {
    const t = n * ratio;
    const center = Math.floor(t);
    let sum = 0;
    let weight = 0;
    for (let k = center - half + 1; k <= center + half; k++) {
      if (k < 0 || k >= input.length) continue;
      const x = t - k;
      const w = blackman(x / half);
      const arg = Math.PI * cutoff * x;
      const h = cutoff * (arg === 0 ? 1 : Math.sin(arg) / arg) * w;
      sum += (input[k] as number) * h;
      weight += h;
    }
    // Normalising by the taps' sum keeps a constant signal constant at the edges.
    const value = weight > 0 ? (sum / weight) * 1 : 0;
    out[n] = Math.max(-32768, Math.min(32767, Math.round(value)));
  }
  return out;
}
