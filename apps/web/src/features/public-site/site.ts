// The public site's fixed facts (spec 000 §2 "Landing page", §9): anchors, contact hours, the nine features.

/** The landing page's anchors, in the navigation's order (spec 000 §2). */
export const SECTIONS = [
  { id: "como-funciona", label: "Como funciona" },
  { id: "recursos", label: "Recursos" },
  { id: "precos", label: "Preços" },
  { id: "contato", label: "Contato" },
] as const;

/**
 * The business's Instagram (spec 000 §2 "Footer"): `VITE_INSTAGRAM_URL` at build time (the public pages are rendered
 * then). The spec names no account, so without it the footer shows no Instagram link rather than a made-up one.
 */
export const INSTAGRAM_URL = instagramUrl(import.meta.env.VITE_INSTAGRAM_URL);

/** An https address on instagram.com, or undefined (a typo in the setting must not become a broken link). */
export function instagramUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    const host = url.hostname.replace(/^www\./, "");
    return url.protocol === "https:" && host === "instagram.com" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** spec 000 §2 "Features", §9: the nine features, listed on the features section and on every plan card. */
export const FEATURES = [
  {
    title: "Atendimento telefônico 24/7",
    description: "Seu agente atende todas as ligações, de dia, de noite, nos fins de semana e feriados.",
  },
  {
    title: "Resposta a dúvidas",
    description:
      "Responde sobre endereços, horários, serviços, preços, convênios e preparo com as informações que você cadastrou.",
  },
  {
    title: "Agendamento de consultas",
    description:
      "Consulta a agenda dos profissionais e marca no primeiro horário livre que servir ao paciente.",
  },
  {
    title: "Reagendamento",
    description: "Encontra a consulta do paciente e a move para outro horário disponível, sem conflitos.",
  },
  {
    title: "Confirmação de consultas",
    description: "Confirma a presença quando o paciente liga, deixando a agenda sempre atualizada.",
  },
  {
    title: "Cancelamento",
    description: "Cancela a consulta a pedido do paciente e libera o horário para outra pessoa.",
  },
  {
    title: "Dúvidas pós-consulta",
    description:
      "Orienta sobre retorno, preparo e observações de cada serviço e transfere para a equipe quando preciso.",
  },
  {
    title: "Gravação e transcrição",
    description:
      "Cada ligação fica gravada e transcrita no histórico de Atendimentos, com o resumo da conversa.",
  },
  {
    title: "Vozes neurais realistas",
    description: "Vozes naturais em português do Brasil, com tipo e tom de voz escolhidos por você.",
  },
] as const;
