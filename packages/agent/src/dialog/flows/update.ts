// Registration updates (decision 0048): phone, name, CPF and insurance, read back and written; the offer to add a
// CPF or an insurance said in passing after a booking.
import { nationalPhone as storedPhone } from "@atende/shared/phone-format";
import type { Client } from "@atende/shared/schemas/clients";
import { listPt } from "../../answers";
import { formatCpf, isValidCpf } from "../../cpf";
import { sameInsurance } from "../../match";
import { cpfWords, groupedDigitWords, phoneWords } from "../../speak";
import { ToolError } from "../../types";
import {
  correctDigits,
  cpfValue,
  fieldsNamed,
  insuranceNumberValue,
  insuranceValue,
  nameValue,
  nationalPhone,
  type PatientField,
  phoneValue,
} from "../../update";
import type { Frame } from "../frame";
import { ABANDON, SKIP } from "../frame";
import { startFlow } from "../policy";
import type { Answers, Change, ChangeKey, Session, UpdateAsk } from "../state";
import { offerTransferOrMore } from "./close";
import { acceptedInsurances } from "./faq";
import { toolTrouble } from "./slots";

export const FIELD_KEY: Record<Exclude<PatientField, "email">, ChangeKey> = {
  phone: "phone",
  name: "name",
  cpf: "cpf",
  insurance: "insurance",
};

export const FIELD_QUESTION: Record<Exclude<PatientField, "email">, string> = {
  phone: "Qual é o novo telefone, com DDD?",
  name: "Qual é o seu nome completo correto?",
  cpf: "Qual é o seu CPF? Pode dizer número por número.",
  insurance: "Qual é o seu convênio agora? Se não tiver mais convênio, é só dizer.",
};

/**
 * An e-mail spelled over the phone is too easily written wrong (a letter, a dot, 'hífen' or 'underline'), and a wrong
 * address loses every message without anyone noticing: the agent does not take one, and says so.
 */
export const EMAIL_BY_PHONE =
  "Por telefone eu não consigo anotar e-mail com segurança: uma letra trocada e as mensagens deixam de chegar.";

/** '11987654321' → '(11) 98765-4321', for the record. */
export function formatPhone(national: string): string {
  const rest = national.slice(2);
  return `(${national.slice(0, 2)}) ${rest.slice(0, rest.length - 4)}-${rest.slice(-4)}`;
}

export function startUpdate(dialog: Session, u: Frame) {
  startFlow(dialog, "update", u);
  dialog.upd = { wanted: [...(u.update ?? [])], change: {}, askedNumber: false };
  takeUpdateValues(dialog, u, undefined);
}

/** Takes the new values the words carry for the wanted fields ('meu número novo é …'). */
export function takeUpdateValues(dialog: Session, u: Frame, asked: PatientField | undefined) {
  const upd = dialog.upd!;
  // Digits belong to one field only: with the phone and the CPF both named, each is asked for.
  const digitFields = upd.wanted.filter((f) => f === "phone" || f === "cpf");
  for (const f of upd.wanted) {
    if (f === "email") continue;
    if ((f === "phone" || f === "cpf") && digitFields.length > 1) continue;
    // For digits, 'asked' only tells a partial reading apart; a name off the lists is taken only when asked.
    const got = takeUpdateValue(dialog, f, u, f === asked || f === "phone" || f === "cpf");
    if (got === "partial" && f !== asked) upd.incomplete = true;
  }
}

/** One field's new value from the words: 'ok' when taken, 'partial' for digits that are not one. */
export function takeUpdateValue(
  dialog: Session,
  field: Exclude<PatientField, "email">,
  u: Frame,
  asked: boolean,
): "ok" | "partial" | undefined {
  const change = dialog.upd!.change;
  const text = u.text;
  switch (field) {
    case "phone": {
      const v = phoneValue(text);
      if (v && "ok" in v) {
        change.phone = v.ok;
        return "ok";
      }
      return v && asked ? "partial" : undefined;
    }
    case "cpf": {
      const v = cpfValue(text);
      if (v && "ok" in v) {
        change.cpf = v.ok;
        return "ok";
      }
      return v && asked ? "partial" : undefined;
    }
    case "name": {
      if (u.dtmf) return undefined;
      const name = nameValue(text, asked);
      if (!name) return undefined;
      change.name = name;
      return "ok";
    }
    case "insurance": {
      if (u.dtmf) return undefined;
      const ins = insuranceValue(text, acceptedInsurances(dialog), asked);
      if (ins === undefined) return undefined;
      change.insurance = ins;
      return "ok";
    }
  }
}

export async function advanceUpdate(dialog: Session): Promise<void> {
  const upd = dialog.upd;
  if (!upd) return;
  if (!dialog.client) {
    const known = dialog.call.knownClient;
    if (known) dialog.identify(known);
    else {
      dialog.ask(
        upd.wanted.includes("cpf")
          ? "Para encontrar o seu cadastro, me diga o seu nome completo."
          : "Para encontrar o seu cadastro, me diga o seu nome completo ou o seu CPF.",
        "identify",
      );
      return;
    }
  }
  if (upd.wanted.includes("email")) {
    upd.wanted = upd.wanted.filter((f) => f !== "email");
    dialog.say(EMAIL_BY_PHONE);
    if (upd.wanted.length)
      dialog.say("O e-mail você pode atualizar pessoalmente, no seu próximo atendimento.");
    else {
      dialog.resetFlow();
      if (dialog.k.agent.forwardingPhone) {
        dialog.say("Um atendente pode anotar o e-mail com você.");
        dialog.ask("Quer que eu transfira para um atendente?", "transfer_offer");
      } else {
        dialog.say("Você pode atualizar o e-mail pessoalmente, no seu próximo atendimento.");
        dialog.ask("Posso ajudar em mais alguma coisa?", "anything_else");
      }
      return;
    }
  }
  if (!upd.wanted.length) {
    dialog.ask("O que você quer atualizar: telefone, nome, CPF ou convênio?", "update_field");
    return;
  }
  for (const f of upd.wanted) {
    if (f === "email" || FIELD_KEY[f] in upd.change) continue;
    upd.field = f;
    if (upd.incomplete && (f === "phone" || f === "cpf")) dialog.say("Não peguei o número completo.");
    upd.incomplete = false;
    dialog.ask(FIELD_QUESTION[f], "update_value");
    return;
  }
  if (upd.change.insurance && upd.change.insuranceNumber === undefined && !upd.askedNumber) {
    upd.askedNumber = true;
    dialog.ask(
      "Qual é o número da carteirinha do convênio? Pode dizer número por número, ou diga pular.",
      "update_number",
    );
    return;
  }
  const client = dialog.client!;
  const changes = effectiveChanges(dialog, client, upd.change);
  if (!changes.length) {
    dialog.say("O seu cadastro já está com esses dados.");
    dialog.resetFlow();
    dialog.ask("Posso ajudar em mais alguma coisa?", "anything_else");
    return;
  }
  dialog.ask(`Vou ${listPt(changeWords(dialog, client, upd.change))}. Confere?`, "update_readback");
}

/** The keys whose value differs from the record (a no-op is not written). */
export function effectiveChanges(_dialog: Session, client: Client, change: Change): ChangeKey[] {
  const digits = (v: string | null) => (v ?? "").replace(/\D/g, "");
  const out: ChangeKey[] = [];
  if (change.phone !== undefined && !digits(client.phoneNumber).endsWith(change.phone)) out.push("phone");
  if (change.name !== undefined && change.name !== client.fullName) out.push("name");
  if (change.cpf !== undefined && digits(client.documentNumber) !== change.cpf) out.push("cpf");
  if (change.insurance !== undefined && change.insurance !== client.healthInsuranceProvider)
    out.push("insurance");
  if (change.insuranceNumber && change.insuranceNumber !== client.healthInsuranceNumber)
    out.push("insuranceNumber");
  return out;
}

/** The read-back: each change in words the caller can check ('o seu telefone para onze, nove oito…'). */
export function changeWords(dialog: Session, client: Client, change: Change): string[] {
  const keys = effectiveChanges(dialog, client, change);
  const out: string[] = [];
  if (keys.includes("phone")) out.push(`atualizar o seu telefone para ${phoneWords(change.phone!)}`);
  if (keys.includes("name")) out.push(`corrigir o seu nome para ${change.name}`);
  if (keys.includes("cpf"))
    out.push(
      client.documentNumber
        ? `atualizar o seu CPF para ${cpfWords(change.cpf!)}`
        : `incluir no seu cadastro o CPF ${cpfWords(change.cpf!)}`,
    );
  const card = change.insuranceNumber ? `, carteirinha ${groupedDigitWords(change.insuranceNumber)}` : "";
  if (keys.includes("insurance")) {
    if (change.insurance === null) out.push("tirar o convênio do seu cadastro");
    else
      out.push(
        client.healthInsuranceProvider
          ? `atualizar o seu convênio para ${change.insurance}${card}`
          : `incluir no seu cadastro o convênio ${change.insurance}${card}`,
      );
  } else if (keys.includes("insuranceNumber")) {
    out.push(`atualizar o número da sua carteirinha para ${groupedDigitWords(change.insuranceNumber!)}`);
  }
  return out;
}

/** 'não, é nove sete…', 'o final é sete sete', 'não, Correia': a new value at the read-back. */
export function correctUpdate(dialog: Session, u: Frame): boolean {
  const upd = dialog.upd;
  if (!upd || u.dtmf) return false;
  const c = upd.change;
  const named = fieldsNamed(u.text).filter((f) => f !== "email" && FIELD_KEY[f] in c);
  const fields = named.length
    ? named
    : (Object.keys(c) as ChangeKey[]).filter((k) => k !== "insuranceNumber");
  const digitFields = fields.filter((f) => f === "phone" || f === "cpf");
  let changed = false;
  for (const f of fields) {
    if (f === "phone" && digitFields.length === 1 && c.phone) {
      const d = correctDigits(u.text, c.phone, c.phone.length);
      const p = d ? nationalPhone(d) : undefined;
      if (p && p !== c.phone) {
        c.phone = p;
        changed = true;
      }
    } else if (f === "cpf" && digitFields.length === 1 && c.cpf) {
      const d = correctDigits(u.text, c.cpf, 11);
      if (d && d !== c.cpf && isValidCpf(d)) {
        c.cpf = d;
        changed = true;
      }
    } else if (f === "name") {
      const name = nameValue(u.text, true);
      if (name && name !== c.name) {
        c.name = name;
        changed = true;
      }
    } else if (f === "insurance") {
      const ins = insuranceValue(u.text, acceptedInsurances(dialog), false);
      if (ins !== undefined && ins !== c.insurance) {
        c.insurance = ins;
        c.insuranceNumber = undefined;
        upd.askedNumber = false;
        changed = true;
      } else if (c.insuranceNumber && /\b(carteir\w*|numero)\b/.test(u.norm)) {
        const d = correctDigits(u.text, c.insuranceNumber, c.insuranceNumber.length);
        if (d && d !== c.insuranceNumber) {
          c.insuranceNumber = d;
          changed = true;
        }
      }
    }
  }
  return changed;
}

export function keepRecord(dialog: Session) {
  dialog.say("Tudo bem, mantive o seu cadastro como estava.");
  dialog.resetFlow();
  dialog.ask("Posso ajudar em mais alguma coisa?", "anything_else");
}

/** After a booking: a CPF or an insurance the caller said, that their record lacks, offered once. */
export function offerToAdd(dialog: Session, client: Client): boolean {
  if (dialog.addOffered || dialog.registeredNow) return false;
  const change: Change = {};
  if (dialog.mentioned.cpf && !client.documentNumber) change.cpf = dialog.mentioned.cpf;
  if (dialog.mentioned.insurance && !client.healthInsuranceProvider)
    change.insurance = dialog.mentioned.insurance;
  const wanted = (["cpf", "insurance"] as const).filter((f) => change[f] !== undefined);
  if (!wanted.length) return false;
  dialog.addOffered = true;
  dialog.flow = "update";
  dialog.upd = { wanted: [...wanted], change, askedNumber: true };
  const what = listPt([
    ...(change.cpf ? [`o CPF ${cpfWords(change.cpf)}`] : []),
    ...(change.insurance ? [`o convênio ${change.insurance}`] : []),
  ]);
  dialog.ask(`O seu cadastro ainda não tem ${what}. Quer que eu inclua?`, "add_offer");
  return true;
}

export async function commitUpdate(dialog: Session): Promise<void> {
  const upd = dialog.upd!;
  const client = dialog.client!;
  const c = upd.change;
  const keys = effectiveChanges(dialog, client, c);
  const insuranceChanged = keys.includes("insurance");
  const input = {
    id: client.id,
    fullName: c.name ?? client.fullName,
    phoneNumber: c.phone ? storedPhone(c.phone) : client.phoneNumber,
    documentNumber: c.cpf ? formatCpf(c.cpf) : client.documentNumber,
    email: client.email,
    healthInsuranceProvider: insuranceChanged ? (c.insurance ?? null) : client.healthInsuranceProvider,
    // A new plan's card replaces the old one's number; without one said, the old number is dropped.
    healthInsuranceNumber: c.insuranceNumber
      ? c.insuranceNumber
      : insuranceChanged
        ? null
        : client.healthInsuranceNumber,
    observations: client.observations,
  };
  let updated: Client;
  try {
    updated = await dialog.write(`client-update:${client.id}:${JSON.stringify(input)}`, (id) =>
      dialog.tools.updateClient(id, input),
    );
  } catch (error) {
    if (error instanceof ToolError) {
      dialog.say(`Não consegui atualizar o seu cadastro: ${error.message.replace(/\.$/, "")}.`);
      dialog.resetFlow();
      offerTransferOrMore(dialog);
      return;
    }
    toolTrouble(dialog, error, "Não consegui atualizar o seu cadastro agora.");
    return;
  }
  dialog.client = updated;
  dialog.emit({ type: "client", client: updated });
  const fields = keys.map(
    (k) =>
      ({
        phone: "phoneNumber",
        name: "fullName",
        cpf: "documentNumber",
        insurance: "healthInsuranceProvider",
        insuranceNumber: "healthInsuranceNumber",
      })[k],
  );
  dialog.emit({ type: "action", actionType: "CLIENT_UPDATED", details: { clientId: updated.id, fields } });
  const parts: string[] = [];
  if (keys.includes("name")) {
    dialog.data("Nome", updated.fullName);
    parts.push(`nome para ${updated.fullName}`);
  }
  if (keys.includes("phone")) {
    const shown = formatPhone(c.phone!);
    dialog.data("Telefone", shown);
    parts.push(`telefone para ${shown}`);
  }
  if (keys.includes("cpf")) {
    dialog.data("CPF", formatCpf(c.cpf!));
    parts.push(`CPF para ${formatCpf(c.cpf!)}`);
  }
  if (insuranceChanged) {
    dialog.data("Convênio", updated.healthInsuranceProvider ?? "Nenhum");
    parts.push(`convênio para ${updated.healthInsuranceProvider ?? "nenhum"}`);
  }
  if (updated.healthInsuranceNumber && keys.includes("insuranceNumber")) {
    dialog.data("Número do convênio", updated.healthInsuranceNumber);
    parts.push(`número do convênio para ${updated.healthInsuranceNumber}`);
  }
  dialog.outcomes.push(`Paciente ${updated.fullName} atualizou o cadastro: ${listPt(parts)}.`);
  dialog.say("Pronto, atualizei o seu cadastro.");
  const ins = insuranceChanged ? updated.healthInsuranceProvider : null;
  const accepted = acceptedInsurances(dialog);
  const listed = dialog.k.professionals.some((p) => p.acceptedHealthInsurances !== null);
  if (ins && listed && !accepted.some((a) => sameInsurance(a, ins))) {
    // From the tenant's data: the caller should not learn at the desk that the new plan is not taken here.
    dialog.say(`Só para avisar: ${ins} não está entre os convênios que atendemos.`);
  }
  dialog.resetFlow();
  dialog.ask("Posso ajudar em mais alguma coisa?", "anything_else");
}

/** What the answer to each of this flow's questions takes (the policy asks the pending question first). */
export const UPDATE_ANSWERS: Answers<UpdateAsk> = {
  update_field: (dialog, u) => {
    const fields = u.update?.length ? u.update : fieldsNamed(u.text);
    if (fields.length) {
      dialog.upd!.wanted = fields;
      takeUpdateValues(dialog, u, undefined);
      return true;
    }
    if (u.no || ABANDON.test(u.norm)) {
      keepRecord(dialog);
      return true;
    }
    return false;
  },
  update_value: (dialog, u) => {
    const field = dialog.upd?.field;
    if (!field || field === "email") return false;
    const got = takeUpdateValue(dialog, field, u, true);
    if (got === "ok") return true;
    if (got === "partial") {
      dialog.ask(
        field === "phone"
          ? "Não peguei o número completo. Pode repetir o telefone com DDD, devagar?"
          : "Esse CPF não parece válido. Pode repetir, número por número?",
        "update_value",
      );
      return true;
    }
    if (u.no || ABANDON.test(u.norm) || SKIP.test(u.norm)) {
      keepRecord(dialog);
      return true;
    }
    return false;
  },
  update_number: (dialog, u) => {
    const upd = dialog.upd!;
    const d = u.dtmf ? u.digits : insuranceNumberValue(u.text);
    if (d && !(u.no && SKIP.test(u.norm))) {
      upd.change.insuranceNumber = d;
      return true;
    }
    if (u.no || SKIP.test(u.norm)) return true;
    return false;
  },
  update_readback: async (dialog, u) => {
    if (dialog.consents(u)) {
      await commitUpdate(dialog);
      return true;
    }
    if (correctUpdate(dialog, u)) return true;
    if (u.no) {
      if (ABANDON.test(u.norm)) {
        keepRecord(dialog);
        return true;
      }
      // A bare 'não': ask again for the (first) value being changed.
      const upd = dialog.upd!;
      const field = upd.wanted.find((f): f is Exclude<PatientField, "email"> => f !== "email");
      if (!field) return false;
      delete upd.change[FIELD_KEY[field]];
      if (field === "insurance") {
        delete upd.change.insuranceNumber;
        upd.askedNumber = false;
      }
      upd.field = field;
      dialog.ask(`Tudo bem, ainda não alterei nada. ${FIELD_QUESTION[field]}`, "update_value");
      return true;
    }
    return false;
  },
  add_offer: async (dialog, u) => {
    if (dialog.consents(u)) {
      await commitUpdate(dialog);
      return true;
    }
    if (u.no) {
      dialog.resetFlow();
      dialog.ask(
        "Tudo bem, deixei o cadastro como está. Posso ajudar em mais alguma coisa?",
        "anything_else",
      );
      return true;
    }
    return false;
  },
};
