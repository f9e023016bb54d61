// A benchmark part in a thread or a process of its own, with one way to talk to it either way. The voice benchmarks
// run the gateway and the callers in processes of their own (decision 0047): threads of one process share its
// garbage collector's helper threads and its memory, so a pause in one thread's heap showed up as a stall in another.
import { type ChildProcess, fork } from "node:child_process";
import { parentPort, Worker, workerData } from "node:worker_threads";

export interface Child {
  post(message: unknown): void;
  once<T>(handler: (message: T) => void): void;
  onError(handler: (error: Error) => void): void;
  terminate(): Promise<void>;
}

/**
 * Starts `file` (a URL beside the caller) with `input`: in a worker thread, or with `process: true` in a child
 * process of its own with `nodeFlags` (the flags the product starts that process with).
 */
export function startChild(
  file: URL,
  input: unknown,
  options: { process?: boolean; nodeFlags?: readonly string[]; env?: Record<string, string> } = {},
): Child {
  if (!options.process) {
    const worker = new Worker(file, { workerData: input, execArgv: ["--import", "tsx"] });
    return {
      post: (m) => worker.postMessage(m),
      once: (h) => {
        worker.once("message", h);
      },
      onError: (h) => worker.once("error", h),
      terminate: async () => {
        await worker.terminate();
      },
    };
  }
  const child: ChildProcess = fork(file, [], {
    execArgv: ["--import", "tsx", ...(options.nodeFlags ?? [])],
    serialization: "advanced",
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  child.send({ input });
  return {
    post: (m) => child.send({ message: m }),
    once: (h) => {
      child.once("message", h);
    },
    onError: (h) => {
      child.once("error", h);
      child.once("exit", (code) => {
        if (code !== 0 && code !== null) h(new Error(`${file.pathname} exited with ${code}`));
      });
    },
    terminate: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Inside a child: its input, and its way back to the parent (or null when not started by `startChild`). */
export async function childChannel<T>(): Promise<{
  input: T;
  post(message: unknown): void;
  once(handler: (message: unknown) => void): void;
} | null> {
  if (parentPort) {
    const port = parentPort;
    return { input: workerData as T, post: (m) => port.postMessage(m), once: (h) => port.once("message", h) };
  }
  const send = process.send?.bind(process);
  if (!send) return null;
  const input = await new Promise<T>((resolve) =>
    process.once("message", (m: { input: T }) => resolve(m.input)),
  );
  return {
    input,
    post: (m) => send(m),
    once: (h) => {
      const listener = (m: { message?: unknown }) => {
        if (!("message" in m)) return;
        process.off("message", listener);
        h(m.message);
      };
      process.on("message", listener);
    },
  };
}
