// What confirmations say, in pt-BR (docs/decisions/0050-confirmations.md).

/** An answering machine hears who called and a request to call back: nothing about the service or professional. */
export const machineMessage = (business: string) =>
  `Olá! Aqui é da ${business}. Por favor, retorne esta ligação quando puder. Obrigado!`;

export const MACHINE_SUMMARY =
  "Ligação de confirmação atendida pela caixa postal: recado para retornar a ligação.";

export const REPLIES = {
  confirmed: (date: string, time: string) =>
    `Obrigado! Seu atendimento de ${date} às ${time} está confirmado.`,
  cancelled: "Pronto, seu atendimento foi cancelado. Quando quiser remarcar, é só nos chamar.",
  alreadyCancelled: "Este atendimento já estava cancelado. Quando quiser remarcar, é só nos chamar.",
  chooseSlot: "Escolha um novo horário, ou peça que a gente te ligue:",
  noSlots: "Não encontramos horários livres nos próximos dias. Vamos te ligar para combinar um novo horário.",
  listButton: "Ver horários",
  listSection: "Horários livres",
  callMe: "Prefiro que me liguem",
  callScheduled: "Certo! Vamos te ligar em breve para combinar um novo horário.",
  rescheduled: (date: string, time: string) =>
    `Pronto! Seu atendimento foi remarcado para ${date} às ${time}.`,
  slotTaken: "Esse horário acabou de ser ocupado. Toque em 'Remarcar' de novo para ver outros horários.",
  optedOut: (business: string) =>
    `Pronto: você não receberá mais mensagens nem ligações de confirmação de ${business}.`,
  gone: "Este atendimento não está mais disponível para alteração por aqui. Por favor, entre em contato conosco.",
  /** A typed cancellation, asked once more (decision 0050). */
  reallyCancel: (weekday: string, date: string, time: string) =>
    `Quer mesmo cancelar o seu atendimento de ${weekday}, ${date} às ${time}? Responda SIM para cancelar.`,
  kept: (date: string, time: string) => `Tudo bem, seu atendimento de ${date} às ${time} continua marcado.`,
  /** A typed reply not understood: the three options again, as buttons. */
  options: (weekday: string, date: string, time: string) =>
    `Desculpe, não entendi. Sobre o seu atendimento de ${weekday}, ${date} às ${time}, escolha uma opção:`,
  optionTitles: ["Confirmar", "Remarcar", "Cancelar"],
  slotNotListed: "Não encontrei esse horário na lista.",
} as const;

/** What a waitlist offer by WhatsApp says (docs/decisions/0046-waitlist.md), and the answers to its buttons. */
export const OFFER_MESSAGES = {
  offer: (o: {
    name: string;
    service: string;
    professional: string;
    place: string;
    weekday: string;
    date: string;
    time: string;
    until: string;
  }) =>
    `Olá, ${o.name}! Vagou um horário da sua lista de espera: ${o.service} com ${o.professional}, em ${o.place}, ` +
    `${o.weekday} ${o.date} às ${o.time}. Reservamos para você até ${o.until}. Quer agendar?`,
  accept: "Aceitar",
  decline: "Recusar",
  booked: (service: string, professional: string, place: string, date: string, time: string) =>
    `Pronto! ${service} com ${professional} agendado para ${date} às ${time}, em ${place}.`,
  declined: "Tudo bem, obrigado por avisar! O horário vai para a próxima pessoa da lista.",
  gone: "Desculpe, este horário não está mais disponível: a reserva expirou ou já foi respondida.",
} as const;

/** What an offer call leaves on its record when a machine answered (docs/decisions/0057-waitlist-offer-call.md). */
export const OFFER_CALL = {
  machineSummary:
    "Ligação de oferta da lista de espera atendida pela caixa postal: recado para retornar a ligação; a reserva segue até expirar.",
} as const;

/** A confirmation call a person answered without a decision: the send's detail (decision 0050). */
export const UNDECIDED_CALL = {
  retry: "Atendida sem decisão: nova tentativa",
  NO_DECISION: "Atendida sem decisão",
  WRONG_PERSON: "Atendida por outra pessoa: nada foi dito sobre o atendimento",
  /** The gateway stopped reporting and the sweep of lost calls ended it (decision 0032): counted as no answer. */
  lostRetry: "Ligação interrompida: nova tentativa",
  LOST: "Ligação interrompida",
} as const;

/** The template's quick-reply buttons, by index: Confirmar, Remarcar, Cancelar. */
export const TEMPLATE_BUTTONS = ["CONFIRMAR", "REMARCAR", "CANCELAR"] as const;

/** Words that opt a client out of contacts when typed (accents and case ignored). */
export const STOP_WORDS = new Set(["PARAR", "PARE", "STOP", "SAIR", "CANCELAR MENSAGENS"]);

export const SKIP_REASONS = {
  optedOut: "Paciente pediu para não ser contatado",
  changed: "Agendamento alterado, cancelado ou já confirmado",
  unavailable: "Sem minutos disponíveis ou plano suspenso",
  noChannel: "Canal indisponível",
  noPhone: "Paciente sem telefone válido",
  noCallerId: "Sem número de origem para a ligação",
  noVoiceAgent: "Agente de voz não configurado",
} as const;
