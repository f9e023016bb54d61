// The public pages' toasts (spec 000 §8, §9), through sonner loaded on the first one: the landing page's first load
// carries no toast library (decision 0026). In the single-page app, whose main.tsx mounts a Toaster from the start,
// the import resolves to the module it already has.
import type { ExternalToast } from "sonner";

let toasterWanted: (() => void) | undefined;

/** A page without a Toaster of its own (src/public/landing.client.tsx) is told when one is needed. */
export function onToastShown(listener: (() => void) | undefined) {
  toasterWanted = listener;
}

export async function notify(kind: "success" | "error", title: string, options?: ExternalToast) {
  const { toast } = await import("sonner");
  toast[kind](title, options);
  // Mounted now, the Toaster shows the toast still active (sonner replays them to a new Toaster).
  toasterWanted?.();
}
