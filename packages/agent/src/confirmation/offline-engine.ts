// The offline engine with its confirmation mode (issue #23; decision 0052): the reception dialog of `dialog.ts` for
// calls the business receives, the confirmation dialog for the calls it places to confirm an appointment, and the offer
// dialog for the calls offering a freed slot to a waitlist wish (decision 0057).
import { createOfflineEngine as createReceptionEngine, type OfflineEngineOptions } from "../dialog";
import type { Engine } from "../types";
import { startOfflineConfirmation } from "./dialog";
import { startOfflineOffer } from "./offer-dialog";

export function createOfflineEngine(options: OfflineEngineOptions = {}): Engine {
  const newId = options.newId ?? (() => crypto.randomUUID());
  const reception = createReceptionEngine(options);
  return {
    start: (knowledge, call, tools) => reception.start(knowledge, call, tools),
    startConfirmation: (knowledge, call, tools, target) =>
      startOfflineConfirmation(knowledge, call, tools, target, newId),
    // The waitlist offer call (docs/decisions/0057-waitlist-offer-call.md).
    startOffer: (knowledge, call, tools, target) => startOfflineOffer(knowledge, call, tools, target, newId),
  };
}
