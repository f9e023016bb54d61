// Between tasks and at the end (decision 0048): 'mais alguma coisa?', the transfer, the goodbye.
import type { Answers, ClosingAsk, Session } from "../state";

export function offerTransferOrMore(dialog: Session) {
  if (dialog.k.agent.forwardingPhone)
    dialog.ask("Quer que eu transfira para um atendente?", "transfer_offer");
  else dialog.ask("Posso ajudar em mais alguma coisa?", "anything_else");
}

export async function transfer(dialog: Session): Promise<void> {
  const to = dialog.k.agent.forwardingPhone;
  if (!to) {
    dialog.say("No momento não consigo transferir a ligação.");
    dialog.ask("Posso ajudar com um agendamento ou anotar um recado?", "open");
    return;
  }
  dialog.say("Vou transferir a sua ligação para um atendente. Um momento, por favor.");
  dialog.transferredTo = to;
  dialog.emit({ type: "action", actionType: "CALL_TRANSFERRED", details: { to } });
  dialog.emit({ type: "transfer", to });
  dialog.ended = true;
}

export function goodbye(dialog: Session, lead?: string): void {
  if (lead) dialog.say(lead);
  const name = dialog.k.profile.name;
  const thanks = { FEMININE: "Obrigada", MASCULINE: "Obrigado", NEUTRAL: "Agradeço" }[
    dialog.k.agent.voiceType
  ];
  dialog.say(
    dialog.k.agent.voiceTone === "PROFESSIONAL"
      ? `${thanks} por ligar para ${name}. Até logo.`
      : `${thanks} pela ligação! Tenha um ótimo dia. Tchau!`,
  );
  dialog.emit({ type: "action", actionType: "CALL_ENDED" });
  dialog.emit({ type: "end" });
  dialog.ended = true;
}

/** What the answer to each of this flow's questions takes (the policy asks the pending question first). */
export const CLOSING_ANSWERS: Answers<ClosingAsk> = {
  open: () => false,
  transfer_offer: async (dialog, u) => {
    if (u.yes) {
      await transfer(dialog);
      return true;
    }
    if (u.no) {
      dialog.ask("Tudo bem. Posso ajudar em mais alguma coisa?", "anything_else");
      return true;
    }
    return false;
  },
  anything_else: (dialog, u) => {
    if (u.yes && u.intents.length === 0 && !u.topics.length && !u.when) {
      dialog.ask("Claro, como posso ajudar?", "open");
      return true;
    }
    return false;
  },
};
