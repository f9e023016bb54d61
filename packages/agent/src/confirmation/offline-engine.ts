// The offline engine with its confirmation mode (issue #23; decision 0052): the reception dialog of `dialog.ts` for
// calls the business receives, the confirmation dialog for the calls it places to confirm an appointment, and the
// message-taking dialog for a caller back from a transfer nobody answered (decision 0056).
import { startOfflineCallback } from "../callback/dialog";
import { createOfflineEngine as createReceptionEngine, type OfflineEngineOptions } from "../dialog";
import type { Engine } from "../types";
import { startOfflineConfirmation } from "./dialog";

export function createOfflineEngine(options: OfflineEngineOptions = {}): Engine {
  const newId = options.newId ?? (() => crypto.randomUUID());
  const reception = createReceptionEngine(options);
  return {
    // A caller back from a transfer nobody answered leaves a message (docs/decisions/0056-transfer-return-and-summary.md).
    start: (knowledge, call, tools) =>
      call.returnedFromTransfer
        ? startOfflineCallback(call, tools, newId)
        : reception.start(knowledge, call, tools),
    startConfirmation: (knowledge, call, tools, target) =>
      startOfflineConfirmation(knowledge, call, tools, target, newId),
  };
}
