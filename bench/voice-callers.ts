// The callers of the voice benchmark, in a worker thread of their own: in production the callers are Twilio's
// servers, not the gateway's process, so the simulated clients (parsing every frame they receive) must not share the
// gateway's event loop, or the benchmark measures the clients. The main thread runs the server and the gateway.
import { parentPort, workerData } from "node:worker_threads";
import { openBrowserCall, type SimulatedCall } from "@atende/telephony/testing";

export interface CallersInput {
  serverUrl: string;
  gatewayUrl: string;
  /** One access token per call (the calls are spread over clinics: 20 test calls a day each). */
  tokens: string[];
  /** What every caller asks at once after the greeting. */
  question: string;
  /** Audio frames each caller expects in the answer. */
  expectedFrames: number;
  /** The callers ask over this long. */
  spreadMs: number;
  /** One staff member listening to each call (decision 0055), their browsers in this thread too. */
  listeners?: boolean;
}

export interface CallersResult {
  /** Per frame: how far its arrival is from `first + n × 20 ms` (ms). */
  lateness: number[];
  /** Per call: how far the last frame's arrival is from where real time puts it (ms). */
  endDrift: number[];
  lost: number;
  /** Largest gap between two frames of one call (ms). */
  worstGap: number;
  /** Per listener: the audio frames it received. */
  listenerFrames: number[];
}

/** A staff member's browser listening to `call` (its ticket from the server, the socket to the gateway). */
async function listen(input: CallersInput, token: string, call: SimulatedCall) {
  const res = await fetch(`${input.serverUrl}/trpc/conversations.liveAudioTicket`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ callId: call.ticket.callId, mode: "listen" }),
  });
  if (res.status !== 200) throw new Error(`liveAudioTicket answered ${res.status}: ${await res.text()}`);
  const { url } = ((await res.json()) as { result: { data: { url: string } } }).result.data;
  const issued = new URL(url);
  // Node's own WebSocket (the browser's API): binary messages are the call's audio frames.
  const socket = new WebSocket(`${new URL(input.gatewayUrl).origin}${issued.pathname}${issued.search}`);
  socket.binaryType = "arraybuffer";
  const listener = { socket, frames: 0 };
  socket.onmessage = (message) => {
    if (typeof message.data !== "string") listener.frames++;
  };
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  return listener;
}

async function run(input: CallersInput): Promise<CallersResult> {
  const calls: SimulatedCall[] = [];
  // Opened a few at a time: opening is the server's work, not what is measured.
  for (let i = 0; i < input.tokens.length; i += 20) {
    calls.push(
      ...(await Promise.all(
        input.tokens
          .slice(i, i + 20)
          .map((t) => openBrowserCall({ ...input, token: t, realTimeAudio: true })),
      )),
    );
  }
  await Promise.all(calls.map((c) => c.nextTurn(300_000)));
  const listeners = input.listeners
    ? await Promise.all(calls.map((c, i) => listen(input, input.tokens[i] ?? "", c)))
    : [];
  const arrivals = calls.map(() => [] as number[]);
  calls.forEach((call, i) => {
    call.onMedia = () => arrivals[i]?.push(performance.now());
  });
  // The calls ask over `spreadMs`, as concurrent calls' turns come in real traffic (not in one instant); each
  // answer is 10 s of speech, so all of them are speaking together for most of it.
  await Promise.all(
    calls.map(async (c, i) => {
      await new Promise((r) => setTimeout(r, (i * input.spreadMs) / calls.length));
      await c.ask(input.question, 300_000);
    }),
  );
  for (const call of calls) call.hangUp();
  for (const listener of listeners) listener.socket.close();
  const result: CallersResult = {
    lateness: [],
    endDrift: [],
    lost: 0,
    worstGap: 0,
    listenerFrames: listeners.map((l) => l.frames),
  };
  for (const times of arrivals) {
    result.lost += Math.max(0, input.expectedFrames - times.length);
    const first = times[0] ?? 0;
    times.forEach((t, n) => {
      result.lateness.push(Math.abs(t - (first + n * 20)));
      if (n > 0) result.worstGap = Math.max(result.worstGap, t - (times[n - 1] as number));
    });
    result.endDrift.push(Math.abs((times.at(-1) ?? first) - (first + (times.length - 1) * 20)));
  }
  return result;
}

if (parentPort) {
  const port = parentPort;
  run(workerData as CallersInput).then(
    (result) => port.postMessage({ ok: true, result }),
    (error: unknown) => port.postMessage({ ok: false, error: String(error) }),
  );
}
