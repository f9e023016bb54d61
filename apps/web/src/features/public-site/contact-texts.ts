// The contact form's answers (spec 000 §8 "Contact") and its segment options: pure and without zod, so the public
// pages' first load carries no schema library (decision 0026); a test holds them to @atende/shared's schema.

/** spec 000 §2 "Contact": the segment options, verbatim; the same list as `CONTACT_SEGMENTS` of the schema. */
export const SEGMENT_OPTIONS = ["Clínica", "Consultório", "Hospital", "Estética", "Pet"] as const;

/** The fields of the form that the server's refusals name, in the form's order. */
export const CONTACT_FIELDS = ["name", "phone", "email", "segment", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const CONTACT_TEXTS = {
  sentTitle: "Mensagem enviada!",
  sentDescription: "Entraremos em contato em breve.",
  failedTitle: "Erro",
  failedDescription: "Erro ao enviar mensagem. Tente novamente.",
  unexpectedDescription: "Erro inesperado ao enviar mensagem. Tente novamente.",
  connection: "Erro de conexão. Verifique sua internet e tente novamente.",
  /** The server answers its own success text; this is the one of `CONTACT_MESSAGES.sent`, should it send none. */
  sent: "Mensagem enviada com sucesso! Entraremos em contato em breve.",
} as const;

/**
 * What the form shows under it after a failed send (spec 000 §8): the server's message when it sent one, else the
 * HTTP status, else a connection problem.
 */
export function contactFailureText(serverMessage: string | undefined, status: number | undefined): string {
  if (serverMessage) return serverMessage;
  if (status !== undefined) return `Erro ${status}: Falha ao enviar mensagem`;
  return CONTACT_TEXTS.connection;
}
