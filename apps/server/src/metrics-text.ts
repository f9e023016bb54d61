// A strict reader of the Prometheus text format 0.0.4 for tests (the server's and the gateway's /metrics): every line
// must be a comment, a HELP or TYPE line, or a sample of a family whose TYPE came first; anything else throws.

export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const TYPE_LINE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const HELP_LINE = new RegExp(`^# HELP (${NAME}) .*$`);
const SAMPLE_LINE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/y;
const SUFFIXES = ["_bucket", "_sum", "_count", "_total", "_created"];

/** A value as Prometheus reads it (Go's ParseFloat: `NaN` and `Inf` in any case; prom-client writes `Nan`). */
function parseValue(text: string): number {
  const lower = text.toLowerCase();
  if (lower === "+inf" || lower === "inf") return Number.POSITIVE_INFINITY;
  if (lower === "-inf") return Number.NEGATIVE_INFINITY;
  if (lower === "nan") return Number.NaN;
  const value = Number(text);
  if (text.trim() === "" || Number.isNaN(value)) throw new Error(`not a sample value: ${text}`);
  return value;
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match?.[1]) throw new Error(`bad labels in: ${line}`);
    labels[match[1]] = (match[2] ?? "").replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
  }
  return labels;
}

export function parseMetrics(text: string): MetricSample[] {
  const families = new Set<string>();
  const samples: MetricSample[] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const type = TYPE_LINE.exec(line);
    if (type?.[1]) {
      families.add(type[1]);
      continue;
    }
    if (HELP_LINE.test(line) || (line.startsWith("#") && !/^# (HELP|TYPE) /.test(line))) continue;
    const sample = SAMPLE_LINE.exec(line);
    if (!sample?.[1] || !sample[3]) throw new Error(`not a line of the text format: ${line}`);
    const name = sample[1];
    const family = families.has(name)
      ? name
      : SUFFIXES.map((s) => name.slice(0, -s.length)).find(
          (f, i) => name.endsWith(SUFFIXES[i] ?? "") && families.has(f),
        );
    if (!family) throw new Error(`a sample before its TYPE: ${line}`);
    samples.push({
      name,
      labels: sample[2] ? parseLabels(sample[2], line) : {},
      value: parseValue(sample[3]),
    });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels` (0 when none). */
export function metricValue(
  samples: MetricSample[],
  name: string,
  labels: Record<string, string> = {},
): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}
