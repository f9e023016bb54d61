// The offline engine with its confirmation mode (issue #23; decision 0052): the reception dialog of `dialog.ts` for
// calls the business receives, and the confirmation dialog for the calls it places to confirm an appointment.
import { createOfflineEngine as createReceptionEngine, type OfflineEngineOptions } from "../dialog";
import type { Engine } from "../types";
import { startOfflineConfirmation } from "./dialog";

export function createOfflineEngine(options: OfflineEngineOptions = {}): Engine {
  const newId = options.newId ?? (() => crypto.randomUUID());
  const reception = createReceptionEngine(options);
  return {
    start: (knowledge, call, tools) => reception.start(knowledge, call, tools),
    startConfirmation: (knowledge, call, tools, target) =>
      startOfflineConfirmation(knowledge, call, tools, target, newId),
  };
}
