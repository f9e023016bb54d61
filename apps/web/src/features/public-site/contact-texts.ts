// The contact form's answers (spec 000 §8 "Contact"): pure, so the page and its test read the same texts.

export const CONTACT_TEXTS = {
  sentTitle: "Mensagem enviada!",
  sentDescription: "Entraremos em contato em breve.",
  failedTitle: "Erro",
  failedDescription: "Erro ao enviar mensagem. Tente novamente.",
  unexpectedDescription: "Erro inesperado ao enviar mensagem. Tente novamente.",
  connection: "Erro de conexão. Verifique sua internet e tente novamente.",
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
