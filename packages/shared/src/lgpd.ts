// The texts and constants of personal-data requests (docs/decisions/0031-lgpd.md), without zod: the login page reads
// its refusal from here and must not pull the schemas in (first-load budget, bench/first-load.ts).
export const LGPD_MESSAGES = {
  /** What an erased client is called from then on. */
  erasedName: "Paciente removido",
  /** What replaces the personal content of an erased client's calls (messages, collected data, summary). */
  redacted: "[removido a pedido do titular]",
  ownerOnly: "Apenas o proprietário pode exportar ou encerrar a conta.",
  confirmationRequired: "Digite o nome do negócio para confirmar o encerramento",
  confirmationMismatch: "O nome digitado não confere com o nome do negócio",
  alreadyClosed: "Esta conta já foi encerrada.",
  /** The login page's text for a sign-in refused because the account was closed. */
  signInRefused:
    "Esta conta foi encerrada pelo proprietário e não pode mais ser acessada. Para usar o Atende novamente, crie uma nova conta.",
  clientErased: "Dados pessoais do paciente excluídos",
  clientExported: "Dados do paciente exportados",
  accountExported: "Dados da conta exportados",
} as const;

/** The recordings the privacy policy promises to keep at most (legal-texts.ts, "Armazenamento e retenção"). */
export const RECORDING_RETENTION_MONTHS = 6;
