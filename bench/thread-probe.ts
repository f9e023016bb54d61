// Where a thread's time went during a benchmark run (issue #26, decision 0047): its event loop's delay (how late a
// timer or a socket callback ran: the gateway's pacing can be no better) and its garbage collection pauses, each
// with the wall-clock time it happened, so the stalls a caller hears can be laid beside what each thread was doing.
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";

export interface GcPause {
  /** Wall-clock time (ms since the epoch) the pause began. */
  at: number;
  ms: number;
  /** 'minor' (scavenge), 'major' (mark-compact), 'incremental', 'weak'. */
  kind: string;
}

export interface ThreadReport {
  thread: string;
  /** The event loop's delay (ms): p99 and max over the run. */
  loopP99: number;
  loopMax: number;
  gc: GcPause[];
  /** CPU time this thread used over the run (user + system, ms): its work, whatever the machine's load. */
  cpuMs: number;
}

const KINDS: Record<number, string> = { 1: "minor", 2: "major", 4: "incremental", 8: "weak", 15: "all" };

/** Starts measuring this thread; `stop()` answers the report. */
export function probeThread(thread: string): { stop(): ThreadReport } {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const gc: GcPause[] = [];
  const cpu0 = process.threadCpuUsage();
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const detail = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail;
      gc.push({
        at: performance.timeOrigin + entry.startTime,
        ms: entry.duration,
        kind: KINDS[detail?.kind ?? 0] ?? String(detail?.kind),
      });
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  return {
    stop() {
      loop.disable();
      observer.disconnect();
      const cpu = process.threadCpuUsage(cpu0);
      return {
        cpuMs: (cpu.user + cpu.system) / 1000,
        thread,
        loopP99: loop.percentile(99) / 1e6,
        loopMax: loop.max / 1e6,
        gc,
      };
    },
  };
}

/** Wall-clock now (ms since the epoch), comparable across threads and processes. */
export const wallNow = () => performance.timeOrigin + performance.now();
