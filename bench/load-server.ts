// The server side of bench/load.ts, in its own thread so autocannon's client work is not counted against it: a fresh
// database (PostgreSQL or PGlite) with one clinic (10 professionals on weekly availability, 500 patients), the real
// Hono app on an ephemeral port. Answers the parent's questions: the address and the fixture, then the overlapping
// pairs after the load.
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { parentPort, workerData } from "node:worker_threads";
import { insertClient } from "@atende/api/testing";
import { countOverlaps, seedFixture } from "./booking";
import { openPglite, openPostgres, serveHttp } from "./lib";

export interface LoadServerInput {
  database: "PostgreSQL" | "PGlite";
  connections: number;
}

export interface LoadServerReady {
  baseUrl: string;
  token: string;
  establishmentId: string;
  serviceId: string;
  clientIds: string[];
  professionals: string[];
  weekdays: string[];
}

const input = workerData as LoadServerInput;
const handle = input.database === "PostgreSQL" ? await openPostgres(input.connections) : await openPglite();
const fixture = await seedFixture(handle, 10);
const clientIds: string[] = [fixture.clientId];
for (let i = 0; i < 499; i++) clientIds.push((await insertClient(handle.db, fixture.actor.tenantId)).id);
const http = await serveHttp(handle, fixture.actor);
const ready: LoadServerReady = {
  baseUrl: http.baseUrl,
  token: http.token,
  establishmentId: fixture.establishmentId,
  serviceId: fixture.serviceId,
  clientIds,
  professionals: fixture.professionals,
  weekdays: fixture.weekdays,
};
parentPort?.postMessage(ready);
/**
 * The parent's questions: "overlaps"; "close"; "profile-start" and "profile-stop:<file>" (a CPU profile of this
 * thread, the server's, written as a .cpuprofile for DevTools or bench/profile-summary.ts); "cpu" (this thread's
 * own CPU time so far, user and system, ms: the server's CPU on its one thread, compared before and after a scenario;
 * the machine's other work does not count, as it would in wall-clock time).
 */
let inspector: Session | null = null;
parentPort?.on("message", async (message: string) => {
  if (message === "overlaps") parentPort?.postMessage(await countOverlaps(handle));
  else if (message === "cpu") {
    const { user, system } = process.threadCpuUsage();
    parentPort?.postMessage((user + system) / 1000);
  } else if (message === "profile-start") {
    inspector = new Session();
    inspector.connect();
    await inspector.post("Profiler.enable");
    await inspector.post("Profiler.setSamplingInterval", { interval: 200 });
    await inspector.post("Profiler.start");
    parentPort?.postMessage("started");
  } else if (message.startsWith("profile-stop:")) {
    const result = inspector ? await inspector.post("Profiler.stop") : null;
    inspector?.disconnect();
    inspector = null;
    if (result) await writeFile(message.slice("profile-stop:".length), JSON.stringify(result.profile));
    parentPort?.postMessage("stopped");
  } else {
    await http.close();
    await handle.close();
    parentPort?.postMessage("closed");
  }
});
