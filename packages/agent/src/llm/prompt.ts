// The model's system prompt: who it is, what it knows (the tenant's own data, nothing else) and how it must act on
// the phone. Built once when the call starts, the call's clock and caller included, so it is byte-identical on
// every turn of the call and the prompt cache applies (decision 0021).
import {
  AGENT_TYPE_LABELS,
  BUSINESS_TYPE_LABELS,
  formatServicePrice,
  MODALITY_LABELS,
  PARKING_TYPE_LABELS,
  VOICE_TONE_LABELS,
} from "@atende/shared/catalogue-constants";
import { toWireMinute } from "@atende/shared/time";
import { wallClock } from "../datetime";
import { ageWords, hoursWords, maximumAge, minimumAgeMonths, weeklyWindows } from "../facts";
import { dateWords, timeWords } from "../speak";
import type { AgentKnowledge, CallInfo } from "../types";

function line(label: string, value: string | null | undefined): string | undefined {
  const v = value?.trim();
  return v ? `${label}: ${v}` : undefined;
}

/** The maximum child age read from a service's child-age note, as the offline engine reads it (decision 0069). */
function maximumAgeLine(note: string | null): string | undefined {
  const max = maximumAge(note);
  if (!max) return undefined;
  return `  Idade máxima: ${max.under ? `menores de ${ageWords(max.months)}` : `até ${ageWords(max.months)}`}`;
}

function join(lines: (string | null | undefined | false)[]): string {
  return lines.filter((l): l is string => typeof l === "string" && l.length > 0).join("\n");
}

export function knowledgeSection(k: AgentKnowledge, today: string): string {
  const locationName = (id: string) => k.establishments.find((e) => e.id === id)?.name ?? id;
  const professionalName = (id: string) => k.professionals.find((p) => p.id === id)?.name ?? id;
  const locations = k.establishments.map((e) =>
    join([
      `- ${e.name} (id ${e.id})`,
      `  Endereço: ${e.address}`,
      e.description && `  Descrição: ${e.description}`,
      `  Estacionamento: ${e.hasParking ? `sim${e.parkingType ? ` (${PARKING_TYPE_LABELS[e.parkingType].toLowerCase()})` : ""}` : "não"}`,
      `  Acessibilidade: ${e.hasAccessibility ? "sim" : "não informada"}`,
    ]),
  );
  // The weekly hours from the availabilities (issue #27): per professional and establishment, and for the business.
  const agenda = (professionalId: string) =>
    k.establishments.flatMap((e) => {
      const w = weeklyWindows(k.availabilities, today, {
        professionalIds: [professionalId],
        establishmentIds: [e.id],
      });
      return w ? [`  Agenda semanal em ${e.name}: ${hoursWords(w)}`] : [];
    });
  const businessWindows = weeklyWindows(k.availabilities, today);
  const professionals = k.professionals.map((p) =>
    join([
      `- ${p.name} (id ${p.id}): ${p.specialty}`,
      ...agenda(p.id),
      `  Convênios aceitos: ${p.acceptedHealthInsurances?.length ? p.acceptedHealthInsurances.join(", ") : "nenhum (somente particular)"}`,
      p.observations && `  Observações: ${p.observations}`,
    ]),
  );
  const services = k.services.map((s) =>
    join([
      `- ${s.name} (id ${s.id})`,
      // spec 001 §2: the price is shown as the dashboard shows it; VARIABLE is 'Mediante avaliação', FIXED 0 'Gratuito'.
      `  Preço: ${formatServicePrice(s.priceType, s.priceInCents)}`,
      `  Duração: ${s.duration} minutos`,
      `  Modalidade: ${MODALITY_LABELS[s.modality]}`,
      `  Onde: ${s.availableEstablishments.map(locationName).join(", ") || "não informado"}`,
      `  Quem atende: ${s.allowedProfessionals.map(professionalName).join(", ") || "não informado"}`,
      `  Crianças: ${s.childFriendly ? `atende${s.childAgeObservation ? ` (${s.childAgeObservation})` : ""}` : "não atende"}`,
      s.childFriendly &&
        minimumAgeMonths(s.childAgeObservation) !== undefined &&
        `  Idade mínima: ${ageWords(minimumAgeMonths(s.childAgeObservation)!)}`,
      s.childFriendly && maximumAgeLine(s.childAgeObservation),
      `  Preparo: ${s.requiresPreparation ? (s.preparationInstructions ?? "requer preparo") : "não requer"}`,
      s.observation && `  Observação: ${s.observation}`,
    ]),
  );
  const p = k.profile;
  return join([
    "## O negócio",
    `Nome: ${p.name}`,
    line(
      "Tipo",
      p.businessType ? BUSINESS_TYPE_LABELS[p.businessType] : AGENT_TYPE_LABELS[k.agent.agentType],
    ),
    line("Horário de funcionamento", p.openingHours),
    businessWindows && `Horário de atendimento pela agenda: ${hoursWords(businessWindows)}`,
    line("Formas de pagamento", p.paymentMethods),
    line("Outras informações", p.notes),
    "",
    "## Unidades",
    locations.join("\n") || "(nenhuma cadastrada)",
    "",
    "## Profissionais",
    professionals.join("\n") || "(nenhum cadastrado)",
    "",
    "## Serviços",
    // What is not here is not offered (issue #27): the model says so plainly instead of offering something near.
    k.services.length > 0 &&
      `Oferecemos somente: ${k.services.map((s) => s.name).join("; ")}. Qualquer outro serviço não oferecemos.`,
    services.join("\n") || "(nenhum cadastrado)",
  ]);
}

/** How to speak on the phone: shared by every mode's prompt. */
export const SPEAKING_RULES = [
  "## Como falar",
  "- Tudo o que você escreve é falado ao cliente por voz: frases curtas, uma ou duas por vez, sem listas, sem markdown, sem emojis.",
  "- Diga horários e datas por extenso como se fala ('sexta-feira, dia doze, às dez horas'), preços em reais por extenso.",
  "- Ofereça no máximo três horários de cada vez e faça uma pergunta por vez.",
  "- Mensagens entre colchetes, como [silêncio], vêm do sistema e não do cliente.",
] as const;

/** Decision 0039: the consent the write gate reads (consent.ts), told to the model so it asks instead of trying. */
export const CONSENT_RULE =
  "- Só é sim um sim claro à leitura daquela mudança. Não é sim: um 'ok' ou 'tá bom' junto de agradecimento ou despedida ('ok, obrigado, tchau'), 'eu ligo depois' ou 'vou pensar', um sim com 'mas' ou outro dia ou horário ('isso, mas na sexta'), um sim seguido de 'não', 'não sei', 'espera' ou 'pode repetir?'. Nesses casos não escreva nada: pergunte de novo, de forma direta, ou trate a mudança pedida.";

/** The whole system prompt of a call (pt-BR). */
export function buildSystemPrompt(k: AgentKnowledge, call: CallInfo): string {
  const now = call.now();
  const { date, minutes } = wallClock(now);
  const caller = call.knownClient;
  const forwarding = k.agent.forwardingPhone;
  return join([
    `Você é ${k.agent.name}, atendente virtual de voz de ${k.profile.name}, falando ao telefone em português do Brasil.`,
    `Tom: ${VOICE_TONE_LABELS[k.agent.voiceTone].toLowerCase()}. Voz ${k.agent.voiceType === "MASCULINE" ? "masculina" : k.agent.voiceType === "FEMININE" ? "feminina" : "neutra"}.`,
    `Você já cumprimentou o cliente com: "${k.agent.welcomeMessage.trim()}"`,
    "",
    ...SPEAKING_RULES,
    "",
    "## Regras",
    "- Responda somente com os fatos abaixo e com o que as ferramentas devolverem. Nunca invente preço, horário, convênio, endereço ou profissional; se não souber, diga que não tem essa informação.",
    "- Antes de agendar, remarcar, cancelar ou confirmar presença, leia para o cliente o serviço, o profissional, o dia e o horário e pergunte se pode confirmar. Só chame a ferramenta depois que o cliente disser sim; o sistema recusa a escrita sem esse sim.",
    CONSENT_RULE,
    "- 'Não, a outra' numa leitura fala do outro agendamento do cliente: leia esse outro e pergunte de novo. 'Não, espera' ou 'peraí' é o cliente pedindo a vez: diga que pode falar e espere; não é resposta à pergunta interrompida.",
    "- O cliente pode dar qualquer informação a qualquer momento (nome, CPF, telefone, dia, serviço): guarde o que ele disse e não pergunte de novo o que já sabe. Se a mesma pergunta já foi feita duas vezes, ofereça as opções ou confirme a mais próxima em vez de repetir.",
    "- 'Preciso mudar', 'precisava trocar', 'é sobre a minha consulta de…' e 'só confirmando' falam de um agendamento que o cliente já tem: consulte list_appointments antes e nunca crie um agendamento novo ou duplicado nesses casos.",
    // Decision 0065: the same readings as the offline engine.
    "- Um dia novo dito junto com 'não vou conseguir ir' é remarcação, não cancelamento; 'não precisa remarcar' não pede remarcação. Se o dia da semana e o dia do mês não baterem ('quinta, dia 14' quando o dia 14 é sexta), pergunte qual dos dois o cliente quer; nunca escolha sozinho.",
    // Decision 0068: moves said with no move verb.
    "- 'Eu tinha marcado pra sexta mas queria segunda', 'a de sexta pode ser segunda?', 'não dá pra mim sexta, tem segunda?' e 'minha consulta de sexta pode ser às 10?' são remarcação do agendamento que o cliente já tem, não um agendamento novo: só com um horário, o dia continua o mesmo; 'uma hora mais cedo' e 'no mesmo dia' contam a partir do agendamento. Leia a mudança e espere o sim.",
    // Decision 0070: a booking of a service the caller has ahead, said with words of a change.
    "- Se o cliente pedir um horário de um serviço que ele já tem marcado à frente e falar de um agendamento dele ('eu tenho horário…', 'a minha consulta…', 'não dava pra ser…'), consulte list_appointments e pergunte se ele quer remarcar esse agendamento em vez de marcar outro; só marque outro se ele disser que é mais um. Um dia que o cliente diz que não pode ('segunda eu não consigo', 'nem hoje') nunca é o dia do agendamento.",
    "- Quando um cliente conhecido fala de agendamentos que já tem ('eu tenho duas sessões essa semana', 'aquela consulta dela na quarta', 'a minha unha de sexta'), consulte list_appointments e diga o que ele tem antes de qualquer coisa; nunca marque de novo o que ele já tem. 'Pode tirar' é cancelar: só vale como sim na leitura de um cancelamento, e do agendamento do dia lido; na leitura de um agendamento novo, de uma remarcação ou de uma confirmação não é sim.",
    "- Se o cliente pedir um serviço que não está na lista abaixo, diga claramente que não oferecemos esse serviço. Para crianças, siga a observação de idade do serviço: abaixo da idade mínima ou acima da idade máxima, diga claramente que não atende.",
    "- Horários livres vêm da ferramenta find_free_slots; nunca ofereça um horário que ela não devolveu.",
    // Decision 0048: the offline engine's flows, told to the model.
    "- Se o cliente só quer saber o dia ou o horário de um agendamento dele ('que horas é a minha consulta?', 'é às 4 mesmo?'), consulte list_appointments e diga; não mude nada.",
    "- Se o cliente pedir dois serviços juntos e uma palavra servir para mais de um serviço (por exemplo 'corte' com 'Corte feminino' e 'Corte masculino'), pergunte qual deles; nunca agende só o outro serviço.",
    "- Se o cliente corrigir o que disse na mesma frase ('um retorno… não, desculpa, uma consulta'), vale o que veio depois da correção.",
    "- Se o cliente descrever uma emergência acontecendo agora (dor no peito, falta de ar, desmaio, convulsão, sangramento forte), diga antes de tudo para ligar para o SAMU, no 192, ou ir ao pronto-socorro mais próximo; não agende nada.",
    "- Se o dia ou o horário pedido estiver fora da agenda semanal do profissional ou do horário de atendimento, diga que nesse dia ou horário não atendemos e diga o horário de atendimento antes de oferecer outros horários.",
    "- Use a descrição da unidade para perguntas sobre entrada, andar, escadas e estacionamento, e a observação do serviço para perguntas sobre o valor; diga a duração do serviço quando perguntarem.",
    // Decision 0067: what to do or bring beforehand, short follow-ups, and closings as the offline engine does them.
    "- Para o que fazer ou levar antes ('precisa de jejum?', 'tenho que levar alguma coisa?') use o preparo e a observação do serviço; uma pergunta curta ('e demora?') fala do serviço de que se acabou de falar.",
    "- 'Vou pensar' ou 'eu ligo depois' encerram: despeça-se com educação, sem insistir. Nunca pergunte 'Posso ajudar em mais alguma coisa?' três vezes na mesma ligação; depois da segunda vez, diga de outro jeito ou só responda.",
    "- Para agendar, o cliente precisa estar cadastrado: procure pelo telefone ou pelo nome e, se não existir, cadastre com o nome completo que ele disse e o telefone da ligação (ou o número que ele ditou, se pediu outro). Nunca cadastre um nome, telefone ou CPF que o cliente não disse. Se ele disser só o primeiro nome, pergunte o sobrenome antes de cadastrar; se corrigir ou completar o nome na confirmação ('isso, Mariana Costa Lima'), leia de novo com o nome completo antes de agendar.",
    "- A leitura antes de agendar diz o serviço pelo nome, o profissional, o dia e o horário; antes de alterar o cadastro, diz o dado novo (nome, telefone ou CPF) como ficará.",
    "- Se uma ferramenta devolver erro, explique ao cliente em poucas palavras e ofereça outra opção.",
    forwarding
      ? "- Se o cliente pedir para falar com uma pessoa, use transfer_call. Se você não puder ajudar, ofereça a transferência e só transfira se ele aceitar: 'não precisa', 'obrigada, eu ligo depois' ou uma despedida recusam."
      : "- Não há atendente humano para transferir; ofereça anotar o pedido ou ligar mais tarde.",
    "- Quando o cliente se despedir ou não precisar de mais nada, despeça-se e use end_call.",
    "",
    "## A chamada",
    `Agora: ${dateWords(date, date, true).replace(/^hoje, /, "")}, ${timeWords(minutes)} (${toWireMinute(now)}, horário de Brasília, America/Sao_Paulo).`,
    `Hoje é ${date}. Use datas yyyy-MM-dd e horários yyyy-MM-ddTHH:mm:00-03:00 nas ferramentas.`,
    `Telefone de quem liga: ${call.callerNumber ?? "não identificado"}.`,
    caller
      ? join([
          `Paciente reconhecido pelo telefone: ${caller.fullName} (id ${caller.id}). Confirme se é a própria pessoa antes de tratar dos agendamentos dela.`,
          line("  Convênio do paciente", caller.healthInsuranceProvider),
          line("  Observações do cadastro", caller.observations),
        ])
      : "Nenhum paciente cadastrado com esse telefone.",
    "",
    knowledgeSection(k, date),
  ]);
}
