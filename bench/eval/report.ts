// The printed results: a line per call and the totals per set (written, recogniser) and overall.
import type { CallResult } from "./runner";

export interface Totals {
  set: string;
  calls: number;
  taskSuccess: number;
  wrongWrites: number;
  callsWithWrongWrites: number;
  factsSaid: number;
  factsExpected: number;
  /** Task and every fact. */
  passedWhole: number;
  silentTurns: number;
  repeatedQuestions: number;
  failing: string[];
}

export function totalsOf(set: string, results: CallResult[]): Totals {
  const facts = results.flatMap((r) => r.verdict.facts);
  return {
    set,
    calls: results.length,
    taskSuccess: results.filter((r) => r.verdict.task).length,
    wrongWrites: results.reduce((n, r) => n + r.verdict.wrongWrites.length, 0),
    callsWithWrongWrites: results.filter((r) => r.verdict.wrongWrites.length > 0).length,
    factsSaid: facts.filter((f) => f.said).length,
    factsExpected: facts.length,
    passedWhole: results.filter((r) => r.verdict.task && r.verdict.facts.every((f) => f.said)).length,
    silentTurns: results.reduce((n, r) => n + r.verdict.silentTurns, 0),
    repeatedQuestions: results.reduce((n, r) => n + r.verdict.repeats.length, 0),
    failing: results
      .filter((r) => !r.verdict.task || r.verdict.facts.some((f) => !f.said))
      .map((r) => r.call.id),
  };
}

export function setsOf(results: CallResult[]): Totals[] {
  return [
    totalsOf(
      "written",
      results.filter((r) => r.call.style === "written"),
    ),
    totalsOf(
      "recogniser",
      results.filter((r) => r.call.style === "asr"),
    ),
    totalsOf("all", results),
  ].filter((t) => t.calls > 0);
}

const pct = (n: number, d: number) => (d === 0 ? "-" : `${Math.round((100 * n) / d)}%`);

export function callLine(r: CallResult): string {
  const v = r.verdict;
  const facts = v.facts.length ? `${v.facts.filter((f) => f.said).length}/${v.facts.length}` : "-";
  const notes = [
    ...(r.error ? [`error: ${r.error.split("\n")[0]}`] : []),
    ...v.misses,
    ...v.wrongWrites.map((w) => `WRONG WRITE: ${w}`),
    ...v.facts.filter((f) => !f.said).map((f) => `not said: ${f.what}`),
    ...v.repeats.map((q) => `asked ${q.times}×: ${q.question}`),
  ].join("; ");
  return [
    r.call.id.padEnd(12),
    r.call.style.padEnd(7),
    (v.task ? "ok" : "FAIL").padEnd(5),
    String(v.wrongWrites.length).padStart(2),
    facts.padStart(5),
    String(v.silentTurns).padStart(3),
    String(v.repeats.length).padStart(3),
    String(r.played.callerTurns).padStart(3),
    `${r.seconds}s`.padStart(5),
    ` ${notes}`,
  ].join(" ");
}

export const CALL_HEADER = `${"call".padEnd(12)} ${"style".padEnd(7)} ${"task".padEnd(5)} ww facts sil rep trn  time  notes`;

export function totalsTable(totals: Totals[]): string {
  const rows = totals.map(
    (t) =>
      `${t.set.padEnd(11)} ${String(t.calls).padStart(5)}  ${`${t.taskSuccess}/${t.calls} (${pct(t.taskSuccess, t.calls)})`.padStart(13)}  ${String(t.wrongWrites).padStart(12)}  ${`${t.factsSaid}/${t.factsExpected} (${pct(t.factsSaid, t.factsExpected)})`.padStart(13)}  ${`${t.passedWhole}/${t.calls}`.padStart(12)}  ${String(t.silentTurns).padStart(6)}  ${String(t.repeatedQuestions).padStart(7)}`,
  );
  return [
    `${"set".padEnd(11)} ${"calls".padStart(5)}  ${"task success".padStart(13)}  ${"wrong writes".padStart(12)}  ${"facts said".padStart(13)}  ${"passed whole".padStart(12)}  ${"silent".padStart(6)}  ${"repeats".padStart(7)}`,
    ...rows,
  ].join("\n");
}
