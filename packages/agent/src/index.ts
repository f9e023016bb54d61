export {
  appointmentWords,
  goodbyeLine,
  OPT_OUT_DATA,
  openingLine,
  outcomeSummary,
  whoQuestion,
} from "./confirmation/lines";
export { startOfflineOffer } from "./confirmation/offer-dialog";
export { createOfflineEngine } from "./confirmation/offline-engine";
export { unavailableConfirmation, unavailableOffer } from "./confirmation/unavailable";
export { type Consent, type ConsentAnswer, type ConsentReason, consentOf, type ReadBack } from "./consent";
export { cpfDigits, formatCpf, isValidCpf } from "./cpf";
export { PERIOD_RANGES, type Period, resolveWhen, SPELLED_DIGITS, type When } from "./datetime";
export type { OfflineEngineOptions } from "./dialog";
export { type Intent, intentsOf, type Topic, topicsOf } from "./intents";
export {
  CLAUDE_DEFAULTS,
  CLAUDE_LINES,
  type ClaudeEngineOptions,
  createClaudeEngine,
} from "./llm/claude";
export { buildSystemPrompt } from "./llm/prompt";
export { applyCorrections, extractName } from "./names";
export { fold, moneyWords, normalize, numberWords, tokenize } from "./normalize";
export { SentenceSplitter, sentences } from "./sentences";
export { atTime, dateWords, timeWords, whenWords } from "./speak";
export * from "./types";
export { type YesNo, yesNo } from "./yesno";
