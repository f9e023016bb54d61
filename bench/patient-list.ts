// The patient list with 1,000 records (issue #7: lists stay smooth): the real server and Chromium. Measures the time
// from navigation to the list on screen, the long tasks (main thread busy over 50 ms) while it loads, the frame
// times while scrolling from top to bottom, the DOM size, and a search from typing to its answer.
import {
  type Browser,
  devSignIn,
  launchChromium,
  type RunningServer,
  signedInContext,
  trpc,
} from "./browser";
import { percentile } from "./lib";

declare global {
  interface Window {
    /** Long-task time summed in the page by the observer this benchmark installs. */
    __longTasks: number;
  }
}

export const PATIENTS = 1000;
const RUNS = 5;

export interface PatientListRow {
  measure: string;
  p50: string;
  max: string;
}

export async function benchPatientList(server: RunningServer, browser?: Browser): Promise<PatientListRow[]> {
  const chromium = browser ?? (await launchChromium());
  try {
    const tokens = await devSignIn(server.origin, `patients-${Date.now()}@bench.test`);
    // Ten at a time: the arranging is not what is measured.
    for (let start = 0; start < PATIENTS; start += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, PATIENTS - start) }, (_, k) => {
          const n = String(start + k).padStart(4, "0");
          return trpc(server.origin, tokens, "mutation", "clients.create", {
            fullName: `Paciente ${n} da Silva`,
            phoneNumber: `+55119${n}${n}0`.slice(0, 14),
            email: `paciente${n}@exemplo.com.br`,
            documentNumber: `${n}${n}${n}`,
            healthInsuranceProvider: k % 2 ? "Unimed" : null,
            healthInsuranceNumber: k % 2 ? `U${n}` : null,
            observations: k % 3 ? null : "Prefere atendimento pela manhã.",
          });
        }),
      );
    }

    const samples = {
      load: [] as number[],
      longTasks: [] as number[],
      frames: [] as number[],
      nodes: [] as number[],
      search: [] as number[],
    };
    for (let run = 0; run < RUNS; run++) {
      const context = await signedInContext(chromium, server.origin, tokens);
      const page = await context.newPage();
      await page.addInitScript(() => {
        window.__longTasks = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__longTasks += entry.duration;
        }).observe({ type: "longtask", buffered: true });
      });
      const started = Date.now();
      await page.goto(`${server.origin}/dashboard/pacientes`);
      await page
        .getByRole("article", { name: "Paciente 0000 da Silva" })
        .or(page.getByText("Paciente 0000 da Silva"))
        .first()
        .waitFor();
      samples.load.push(Date.now() - started);
      await page.waitForTimeout(300);
      samples.longTasks.push(await page.evaluate(() => window.__longTasks));
      samples.nodes.push(await page.evaluate(() => document.getElementsByTagName("*").length));

      // Scroll to the bottom 400 px a frame (a brisk wheel), timing every frame.
      samples.frames.push(
        ...(await page.evaluate(async () => {
          const frames: number[] = [];
          let last = performance.now();
          while (window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 2) {
            window.scrollBy(0, 400);
            // No named helper here: tsx would wrap it in a __name call the page does not have.
            const now = await new Promise<number>((done) => requestAnimationFrame(done));
            frames.push(now - last);
            last = now;
          }
          return frames;
        })),
      );
      await page.evaluate(() => window.scrollTo(0, 0));

      const searchStarted = Date.now();
      await page.getByPlaceholder("Buscar por nome, CPF ou telefone...").fill("Paciente 0999");
      await page.getByText("Paciente 0998 da Silva").waitFor({ state: "detached" });
      await page.getByText("Paciente 0999 da Silva").waitFor();
      samples.search.push(Date.now() - searchStarted);
      await context.close();
    }
    const row = (measure: string, values: number[], unit = "ms") => ({
      measure: `${measure} (${unit})`,
      p50: String(Math.round(percentile(values, 0.5))),
      max: String(Math.round(Math.max(...values))),
    });
    return [
      row("navigation to the list on screen", samples.load),
      row("long tasks while loading, total", samples.longTasks),
      {
        measure: "frame time scrolling top to bottom, p50 / p95 (ms)",
        p50: `${Math.round(percentile(samples.frames, 0.5))} / ${Math.round(percentile(samples.frames, 0.95))}`,
        max: String(Math.round(Math.max(...samples.frames))),
      },
      row(
        "frames over 50 ms while scrolling, all runs",
        [samples.frames.filter((f) => f > 50).length],
        "count",
      ),
      row("DOM elements", samples.nodes, "count"),
      row("search typed to its answer (300 ms pause included)", samples.search),
    ];
  } finally {
    if (!browser) await chromium.close();
  }
}
