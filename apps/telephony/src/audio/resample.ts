// Band-limited resampling (windowed sinc, Blackman window): eSpeak's 22,050 Hz to the telephone's 8 kHz without
// aliasing, and back up where a recogniser wants 16 kHz.
//
// Polyphase: between two rates whose ratio reduces to P/Q, output sample n sits at input position n·P/Q, so its
// fractional part is one of Q phases. The taps of each phase are computed once per rate pair (22,050 → 8,000 Hz:
// 160 phases of 96 taps) instead of two cosines and a sine per tap per sample: the synthesis workers' hottest loop
// (docs/decisions/0037-synthesis-off-the-audio-thread.md). Pairs with more phases than that table allows are computed
// directly.
const HALF_TAPS = 16;
const MAX_PHASES = 4096;

function blackman(x: number): number {
  // x in [-1, 1]
  return 0.42 + 0.5 * Math.cos(Math.PI * x) + 0.08 * Math.cos(2 * Math.PI * x);
}

/** The filter's weight at distance `x` (input samples) from the output position. */
function tap(x: number, cutoff: number, half: number): number {
  const arg = Math.PI * cutoff * x;
  return cutoff * (arg === 0 ? 1 : Math.sin(arg) / arg) * blackman(x / half);
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

interface Filter {
  cutoff: number;
  half: number;
  /** The ratio fromRate/toRate reduced to `step`/`phases`; `taps[j]` serves the outputs at phase j. */
  step: number;
  phases: number;
  taps: Float64Array[] | undefined;
}

const filters = new Map<string, Filter>();

function filterFor(fromRate: number, toRate: number): Filter {
  const key = `${fromRate}/${toRate}`;
  const known = filters.get(key);
  if (known) return known;
  // Cut below the lower Nyquist frequency, with a little room for the filter's slope.
  const cutoff = Math.min(1, toRate / fromRate) * 0.92;
  const half = Math.ceil(HALF_TAPS / cutoff);
  const divisor = Number.isInteger(fromRate) && Number.isInteger(toRate) ? gcd(fromRate, toRate) : 0;
  const step = divisor ? fromRate / divisor : 0;
  const phases = divisor ? toRate / divisor : 0;
  let taps: Float64Array[] | undefined;
  if (divisor && phases <= MAX_PHASES) {
    taps = [];
    for (let j = 0; j < phases; j++) {
      const frac = j / phases;
      const row = new Float64Array(2 * half);
      // Tap i is input sample center - half + 1 + i, at distance frac + half - 1 - i from the output position.
      for (let i = 0; i < 2 * half; i++) row[i] = tap(frac + half - 1 - i, cutoff, half);
      taps.push(row);
    }
  }
  const filter = { cutoff, half, step, phases, taps };
  filters.set(key, filter);
  return filter;
}

export function resample(input: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (fromRate === toRate) return input.slice();
  const ratio = fromRate / toRate;
  const { cutoff, half, step, phases, taps } = filterFor(fromRate, toRate);
  const length = Math.floor(input.length / ratio);
  const out = new Int16Array(length);
  for (let n = 0; n < length; n++) {
    let center: number;
    let row: Float64Array | undefined;
    let t = 0;
    if (taps) {
      const position = n * step;
      center = Math.floor(position / phases);
      row = taps[position - center * phases];
    } else {
      t = n * ratio;
      center = Math.floor(t);
    }
    let sum = 0;
    let weight = 0;
    const first = center - half + 1;
    for (let i = 0; i < 2 * half; i++) {
      const k = first + i;
      if (k < 0 || k >= input.length) continue;
      const h = row ? (row[i] as number) : tap(t - k, cutoff, half);
      sum += (input[k] as number) * h;
      weight += h;
    }
    // Normalising by the taps' sum keeps a constant signal constant at the edges.
    const value = weight > 0 ? sum / weight : 0;
    out[n] = Math.max(-32768, Math.min(32767, Math.round(value)));
  }
  return out;
}
