// Answers to a caller's questions, from the tenant's records only (issue #8: 'never invents'; issue #27: every
// field, notes and descriptions included). Pure functions of the knowledge and the context the dialog resolved (the
// service and establishments being talked about, the professionals named, a child's age said): the offline dialog asks
// them; the grounding test reads the same records back out of what they say.
import type { Establishment } from "@atende/shared/schemas/establishments";
import type { OfferedService } from "@atende/shared/schemas/offered-services";
import type { Professional } from "@atende/shared/schemas/professionals";
import {
  ABOUT_ACCESS,
  ABOUT_PARKING,
  ABOUT_PRICE,
  aboveMaximum,
  ageWords,
  entranceWords,
  hoursWords,
  maximumAge,
  minimumAgeMonths,
  sentencesAbout,
  type WeeklyWindow,
  weeklyWindows,
} from "./facts";
import type { Topic } from "./intents";
import { matchInsurance, sameInsurance } from "./match";
import { numberWords } from "./normalize";
import { priceWords } from "./speak";
import type { AgentKnowledge } from "./types";

/** What a service's note says to bring or do beforehand. */
const ABOUT_PREPARATION =
  /\b(trazer|traga|levar|leve|jejum|antes|documento\w*|exames?|chegar|chegue|antecedencia|roupa\w*|pedido|encaminhamento|receita|carteirinha|preparo)\b/;

/** Words after 'aceitam …' or 'plano …' that name no plan. */
const NOT_A_PLAN =
  /^(convenio\w*|plano\w*|saude|particular|cartao|cartoes|credito|debito|dinheiro|pix|boleto|cheque|crianca\w*|bebe\w*|pacientes?|voces|aqui|gente|isso|esse|essa|todos?|algum|alguma|qual|quais|quem|medico|sabado|domingo|hoje|amanha|pagamento|parcel\w*|reembolso|odontologico|dental|empresa\w*|individual|familiar|seria|sera|era|vai|vou|entao|mas|porque|pois|ainda|nenhum|nenhuma|nao|mesmo|agora|depois|ai|la|sim|tambem|so|ne)$/;

export interface AnswerContext {
  k: AgentKnowledge;
  /** The call's São Paulo date, `yyyy-MM-dd`. */
  today: string;
  /** The caller's words, as said and folded. */
  text: string;
  norm: string;
  /** The service being talked about, when one is. */
  service: OfferedService | undefined;
  /** Two or more services named together ('mão e pé'): each answered, not the first of the catalogue. */
  named?: readonly OfferedService[];
  /** The establishments being talked about (all when none was named). */
  locations: Establishment[];
  /** The professionals the caller named. */
  professionals: Professional[];
  /** A child's age the caller said, in months. */
  childAge: number | undefined;
}

/** 'A, B e C'. */
export function listPt(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} e ${items[items.length - 1]}`;
}

/** The hours, from the profile's opening-hours text when set, else from the availabilities' weekly windows. */
/** Which days someone works: 'que dias ela atende?', 'quais dias', 'atende que dia'. */
const DAYS_ASKED =
  /\b(que|quais|qual) dias?\b|\bdias? (da semana )?(ela|ele|a doutora|o doutor|voces)? ?(atende|atendem|trabalha|vem)\b/;

export function hoursSentence(
  k: AgentKnowledge,
  windows: readonly WeeklyWindow[] | undefined,
): string | undefined {
  if (windows?.length) return `Atendemos ${hoursWords(windows)}.`;
  const text = k.profile.openingHours?.trim();
  return text
    ? `Nosso horário de funcionamento: ${text.replace(/\s*\n\s*/g, "; ").replace(/\.?$/, ".")}`
    : undefined;
}

/**
 * A child under a service's minimum age or above its maximum (both read from its child-age note), or a service that
 * sees no children.
 */
export function childRefusal(childAge: number | undefined, service: OfferedService): string | undefined {
  if (childAge === undefined) return undefined;
  if (!service.childFriendly) return childAge < 18 * 12 ? `${service.name} não atende crianças.` : undefined;
  const min = minimumAgeMonths(service.childAgeObservation);
  if (min !== undefined && childAge < min)
    return `Infelizmente não: ${service.name} atende crianças somente a partir de ${ageWords(min)}.`;
  // A maximum in the same note ('de 0 a 12 anos', 'até 12 anos'): a child above it is told no, plainly (decision 0069).
  const max = maximumAge(service.childAgeObservation);
  if (max && aboveMaximum(childAge, max))
    return max.under
      ? `Infelizmente não: ${service.name} atende somente crianças menores de ${ageWords(max.months)}.`
      : `Infelizmente não: ${service.name} atende crianças somente até os ${ageWords(max.months)}.`;
  return undefined;
}

export function priceOf(s: OfferedService): string {
  // The service's note, when it speaks of the price ('o valor é definido na avaliação'), says what it depends on.
  const note = sentencesAbout(s.observation, ABOUT_PRICE).join(" ");
  const more = note ? ` ${note}` : "";
  if (s.priceType === "VARIABLE" || s.priceInCents === null)
    return note
      ? `O valor de ${s.name} varia.${more}`
      : `O valor de ${s.name} varia; é informado no atendimento.`;
  if (s.priceInCents === 0) return `${s.name} é gratuito.${more}`;
  return `${s.name} custa ${priceWords(s.priceInCents)}.${more}`;
}

/** The answer to one topic from the tenant's data, or undefined when the data does not say. */
export function answerTopic(topic: Topic, ctx: AnswerContext): string | undefined {
  const k = ctx.k;
  const service = ctx.service;
  const services = service ? [service] : ctx.named?.length ? [...ctx.named] : k.services.slice(0, 4);
  switch (topic) {
    case "price": {
      if (!services.length) return undefined;
      if (service) return priceOf(service);
      // 'quanto fica as duas coisas juntas?': each price, as the catalogue has it (no sum: every price said is one the
      // grounding test finds in the records).
      return services.map((s) => priceOf(s)).join(" ");
    }
    case "entrance": {
      const locs = ctx.locations;
      if (!locs.length) return undefined;
      const many = k.establishments.length > 1 && locs.length > 1;
      return locs
        .map((e) => {
          const about = entranceWords(e);
          const lead = many ? `Na unidade ${e.name}: ` : "";
          return about.length ? `${lead}${about.join(" ")}` : `${lead}Ficamos na ${e.address}.`;
        })
        .join(" ");
    }
    case "preparation": {
      if (service) {
        // What the service's note says to bring or do beforehand ('trazer os exames anteriores') goes with it.
        const note = sentencesAbout(service.observation, ABOUT_PREPARATION).join(" ");
        if (service.requiresPreparation && service.preparationInstructions)
          return `Para ${service.name}: ${service.preparationInstructions}${note ? ` ${note}` : ""}`;
        return note ? `Para ${service.name}: ${note}` : `${service.name} não precisa de preparo.`;
      }
      const prep = k.services.filter((s) => s.requiresPreparation && s.preparationInstructions);
      if (!prep.length) return "Nenhum dos nossos serviços precisa de preparo.";
      return prep.map((s) => `Para ${s.name}: ${s.preparationInstructions}`).join(" ");
    }
    case "duration": {
      if (!service) {
        if (!services.length) return undefined;
        return `${listPt(services.map((s) => `${s.name} dura cerca de ${numberWords(s.duration)} minutos`))}.`;
      }
      return `${service.name} dura cerca de ${numberWords(service.duration)} minutos.`;
    }
    case "children": {
      if (service) {
        const refusal = childRefusal(ctx.childAge, service);
        if (refusal) return refusal;
        if (!service.childFriendly) return `${service.name} não atende crianças.`;
        return `Sim, ${service.name} atende crianças.${service.childAgeObservation ? ` ${service.childAgeObservation}` : ""}`;
      }
      const kids = k.services.filter((s) => s.childFriendly && !childRefusal(ctx.childAge, s));
      if (!kids.length) {
        const note = k.services.find((s) => s.childFriendly && s.childAgeObservation)?.childAgeObservation;
        if (ctx.childAge !== undefined && note)
          return `Infelizmente não atendemos crianças dessa idade. ${note}`;
        return "No momento não atendemos crianças.";
      }
      return `Sim, atendemos crianças em ${listPt(kids.map((s) => s.name))}.${kids.map((s) => (s.childAgeObservation ? ` ${s.childAgeObservation}` : "")).join("")}`;
    }
    case "modality": {
      if (!service) {
        const remote = k.services.filter((s) => s.modality !== "IN_PERSON");
        if (!remote.length) return "Nossos atendimentos são presenciais.";
        return `Atendemos online em ${listPt(remote.map((s) => s.name))}.`;
      }
      const m = { IN_PERSON: "é presencial", REMOTE: "é online", BOTH: "pode ser presencial ou online" }[
        service.modality
      ];
      return `${service.name} ${m}.`;
    }
    case "address": {
      const locs = ctx.locations;
      if (!locs.length) return undefined;
      if (locs.length === 1) return `Ficamos na ${locs[0]!.address}.`;
      return `Temos ${numberWords(locs.length, true)} unidades: ${listPt(locs.map((e) => `${e.name}, na ${e.address}`))}.`;
    }
    case "parking": {
      const locs = ctx.locations;
      if (!locs.length) return undefined;
      return locs
        .map((e) => {
          const where = k.establishments.length > 1 ? `A unidade ${e.name}` : "A clínica";
          const notes = sentencesAbout(e.description, ABOUT_PARKING).join(" ");
          const more = notes ? ` ${notes}` : "";
          if (!e.hasParking) return `${where} não tem estacionamento próprio.${more}`;
          return `${where} tem estacionamento ${e.parkingType === "PAID" ? "pago" : "gratuito"}.${more}`;
        })
        .join(" ");
    }
    case "accessibility": {
      const locs = ctx.locations;
      if (!locs.length) return undefined;
      return locs
        .map((e) => {
          const where = k.establishments.length > 1 ? `A unidade ${e.name}` : "O local";
          const notes = sentencesAbout(e.description, ABOUT_ACCESS).join(" ");
          const more = notes ? ` ${notes}` : "";
          return e.hasAccessibility
            ? `${where} tem acessibilidade para cadeirantes.${more}`
            : `${where} não tem acessibilidade adaptada, infelizmente.${more}`;
        })
        .join(" ");
    }
    case "insurance": {
      const profs = ctx.professionals.length ? ctx.professionals : k.professionals;
      const lists = profs.map((p) => p.acceptedHealthInsurances);
      if (lists.every((l) => l === null)) return undefined;
      const accepted = [...new Set(lists.flatMap((l) => l ?? []))];
      const named = matchInsurance(ctx.text, accepted);
      if (named) {
        const who = profs.filter((p) =>
          (p.acceptedHealthInsurances ?? []).some((i) => sameInsurance(i, named)),
        );
        if (who.length) {
          const names = k.professionals.length > 1 ? ` com ${listPt(who.map((p) => p.name))}` : "";
          return `Sim, atendemos ${named}${names}.`;
        }
        return `${named} não está entre os convênios que atendemos.${accepted.length ? ` Atendemos ${listPt(accepted)}.` : ""}`;
      }
      // 'aceitam o Vitallis?' with a plan neither the records nor the product's lists know: a plain no.
      const w = ctx.norm.split(" ");
      const other = w
        .map((word, at) => {
          if (!/^(aceita\w*|atende\w*|trabalha\w*|pelo|plano|convenio)$/.test(word)) return undefined;
          // 'não tenho convênio, seria particular', 'sem plano': no plan named.
          if (/^(nao|sem|nenhum)$/.test(w[at - 1] ?? "") || (w[at - 2] === "nao" && w[at - 1] === "tenho"))
            return undefined;
          let next = at + 1;
          while (/^(o|a|do|da|de|pelo|pela|com|meu|minha|seu|sua)$/.test(w[next] ?? "")) next++;
          return w[next];
        })
        .find((x): x is string => !!x && x.length >= 4 && !NOT_A_PLAN.test(x));
      if (other) {
        const name = other[0]!.toUpperCase() + other.slice(1);
        return accepted.length
          ? `Não atendemos ${name}. Atendemos ${listPt(accepted)}.`
          : `Não atendemos ${name}; o atendimento é particular.`;
      }
      if (/\bparticular\b/.test(ctx.norm) && !accepted.length) return "Atendemos somente particular.";
      if (!accepted.length) return "No momento não atendemos convênios; o atendimento é particular.";
      return `Atendemos os convênios ${listPt(accepted)}.`;
    }
    case "hours": {
      // 'que dias ela atende?': the professional's own weekly days, or those of the service's professionals
      // (docs/decisions/0070), from the agenda.
      if (DAYS_ASKED.test(ctx.norm)) {
        const profs = ctx.professionals.length
          ? ctx.professionals
          : ctx.service
            ? k.professionals.filter((p) => ctx.service!.allowedProfessionals.includes(p.id))
            : [];
        const lines = profs.slice(0, 3).flatMap((p) => {
          const w = weeklyWindows(k.availabilities, ctx.today, { professionalIds: [p.id] });
          return w?.length ? [`${p.name} atende ${hoursWords(w)}`] : [];
        });
        if (lines.length) return `${lines.join("; ")}.`;
      }
      // The profile's own text when set (the business's words), else the agenda's weekly hours.
      return hoursSentence(
        k,
        k.profile.openingHours?.trim() ? undefined : weeklyWindows(k.availabilities, ctx.today),
      );
    }
    case "payment":
      return k.profile.paymentMethods
        ? `Formas de pagamento: ${k.profile.paymentMethods.replace(/\s*\n\s*/g, "; ").replace(/\.?$/, ".")}`
        : undefined;
    case "services":
      return k.services.length ? `Oferecemos ${listPt(k.services.map((s) => s.name))}.` : undefined;
    case "professionals":
      return k.professionals.length
        ? `Atendem aqui ${listPt(k.professionals.map((p) => `${p.name}, ${p.specialty}`))}.`
        : undefined;
  }
}
