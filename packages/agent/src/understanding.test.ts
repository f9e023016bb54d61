// Unit tests of the understanding modules, each against a fixed clock: Wednesday 2026-12-09 10:00 in São Paulo.

import type { OfferedService } from "@atende/shared/schemas/offered-services";
import { describe, expect, it } from "vitest";
import { cpfDigits, isValidCpf } from "./cpf";
import { resolveWhen } from "./datetime";
import { intentsOf, ownAppointmentDayEnd, topicsOf, verblessMove } from "./intents";
import { matchServices, servicesNamed } from "./match";
import { extractName } from "./names";
import { moneyWords } from "./normalize";
import { SentenceSplitter, sentences } from "./sentences";
import { timeWords } from "./speak";
import { yesNo } from "./yesno";

const SERVICE: OfferedService = {
  id: "",
  tenantId: "t",
  name: "",
  duration: 30,
  bufferDurationBefore: 0,
  bufferDurationAfter: 0,
  priceType: "FIXED",
  priceInCents: 0,
  availableEstablishments: [],
  allowedProfessionals: [],
  modality: "IN_PERSON",
  childFriendly: false,
  childAgeObservation: null,
  requiresPreparation: false,
  preparationInstructions: null,
  observation: null,
  createdAt: "2026-01-01T00:00:00-03:00",
};

const NOW = new Date("2026-12-09T10:00:00-03:00");
const h = (hh: number, mm = 0) => hh * 60 + mm;

describe("resolveWhen", () => {
  it.each([
    ["sexta que vem", { date: "2026-12-18" }],
    ["sexta", { date: "2026-12-11" }],
    ["próxima sexta", { date: "2026-12-11" }],
    ["semana que vem, quarta às quatro", { date: "2026-12-16", time: h(16) }],
    ["dia 12", { date: "2026-12-12" }],
    ["amanhã à tarde", { date: "2026-12-10", period: "tarde" }],
    ["meio-dia", { time: h(12) }],
    ["meio dia e meia", { time: h(12, 30) }],
    ["às três da tarde", { time: h(15) }],
    ["15h", { time: h(15) }],
    ["14h30", { time: h(14, 30) }],
    ["10:30", { time: h(10, 30) }],
    ["três e meia", { time: h(15, 30) }],
    ["duas e meia", { time: h(14, 30) }],
    ["às dez", { time: h(10) }],
    ["às oito da noite", { time: h(20) }],
    ["de manhã", { period: "manha" }],
    ["amanhã às 15h", { date: "2026-12-10", time: h(15) }],
    ["sexta que vem às três da tarde", { date: "2026-12-18", time: h(15) }],
    ["dia 12 às 10:30", { date: "2026-12-12", time: h(10, 30) }],
    ["quinze para as dez", { time: h(9, 45) }],
    ["dia 5 de janeiro", { date: "2027-01-05" }],
    ["12/01", { date: "2027-01-12" }],
    ["daqui a três dias", { date: "2026-12-12" }],
    ["depois de amanhã de manhã", { date: "2026-12-11", period: "manha" }],
    ["hoje à noite", { date: "2026-12-09", period: "noite" }],
    ["depois das duas", { after: h(14) }],
    ["antes das dez", { before: h(10) }],
    ["semana que vem", { range: { start: "2026-12-14", end: "2026-12-20" } }],
    ["mês que vem", { range: { start: "2027-01-01", end: "2027-01-31" } }],
    ["o quanto antes", { asap: true }],
    ["segunda feira que vem às nove e quinze", { date: "2026-12-14", time: h(9, 15) }],
    ["quinta à uma da tarde", { date: "2026-12-10", time: h(13) }],
  ])("%s", (text, expected) => {
    expect(resolveWhen(text, NOW)).toEqual(expected);
  });

  it("reads 'dia 12' on the 13th as next month's 12th", () => {
    expect(resolveWhen("dia 12", new Date("2026-12-13T10:00:00-03:00"))).toEqual({ date: "2027-01-12" });
  });

  it("skips a month without the day ('dia 31' in November → December)", () => {
    expect(resolveWhen("dia 31", new Date("2026-11-05T10:00:00-03:00"))).toEqual({ date: "2026-12-31" });
  });

  it.each([
    ["boa tarde, quero marcar na sexta às nove", { date: "2026-12-11", time: h(9) }],
    ["boa noite", undefined],
    ["bom dia, amanhã de manhã", { date: "2026-12-10", period: "manha" }],
    ["quinze pras dez", { time: h(9, 45) }],
    ["sexta quinze pras dez", { date: "2026-12-11", time: h(9, 45) }],
    ["dez pras onze", { time: h(10, 50) }],
    ["sexta às duas é… duas e meia", { date: "2026-12-11", time: h(14, 30) }],
    ["às duas é dois", { time: h(14) }],
    ["onze nove sete seis cinco quatro três dois um zero", undefined],
    ["meu telefone é 11 98765 4321", undefined],
    ["o número é onze nove oito sete seis cinco, quatro três dois um", undefined],
  ])("issue #27: %s", (text, when) => expect(resolveWhen(text, NOW)).toEqual(when));

  it("takes a bare number as an hour only when a time was asked", () => {
    expect(resolveWhen("dez", NOW)).toBeUndefined();
    expect(resolveWhen("dez", NOW, { bareNumberIsTime: true })).toEqual({ time: h(10) });
  });

  it("does not read ordinals as weekdays ('a segunda opção')", () => {
    expect(resolveWhen("a segunda opção", NOW)).toBeUndefined();
  });
});

// docs/decisions/0070. The clock: Wednesday 2026-12-09.
describe("a new booking's wish", () => {
  const wish = (text: string) => resolveWhen(text, NOW, { skipRefusedDays: true });
  it.each([
    ["segunda eu não consigo de jeito nenhum, nem hoje. Teria sexta às onze?", "2026-12-11"],
    ["quinta eu trabalho, sexta depois do almoço dá?", "2026-12-11"],
    ["qualquer dia menos quinta, pode ser sexta", "2026-12-11"],
    ["não posso na quinta, só na sexta", "2026-12-11"],
    ["quinta não, sexta", "2026-12-11"],
  ])("%s → %s", (text, date) => expect(wish(text)?.date).toBe(date));
  it("keeps a day asked for with 'não tem'", () =>
    expect(wish("sexta não tem horário?")?.date).toBe("2026-12-11"));
  it("reads the refused day as said where it may name an appointment", () =>
    expect(resolveWhen("não posso na quinta, pode ser sexta?", NOW)?.date).toBe("2026-12-10"));
  it.each([
    ["depois do almoço", { after: 13 * 60 }],
    ["no fim da tarde", { after: 16 * 60 }],
    ["no começo da tarde", { before: 15 * 60 }],
    ["amanhã cedinho", { before: 10 * 60 }],
  ])("narrows '%s'", (text, bound) => expect(wish(text)).toMatchObject(bound));
  it("a time said wins over the part of the day", () =>
    expect(wish("depois do almoço, umas duas")?.after).toBeUndefined());
});

describe("callers written apart from the engine (decision 0070)", () => {
  it("reads 'a v dez' as the V10", () => {
    const services = [
      { ...SERVICE, id: "v10", name: "Vacina V10" },
      { ...SERVICE, id: "banho", name: "Banho e tosa" },
    ];
    expect(matchServices("ele tá precisando tomar a v dez", services).map((s) => s.id)).toEqual(["v10"]);
  });
  it("hears a price and a duration asked together", () =>
    expect(topicsOf("e a hidratação, quanto fica e quanto tempo dura?")).toEqual(
      expect.arrayContaining(["price", "duration"]),
    ));
  it("takes a holiday trip for no question about the hours", () => {
    expect(topicsOf("vocês fazem hospedagem? vou viajar no feriado")).not.toContain("hours");
    expect(topicsOf("vocês abrem no feriado?")).toContain("hours");
  });
  it("hears a visit for a son as a question about children", () =>
    expect(topicsOf("queria marcar terapia pro meu filho ele tem quatro anos")).toContain("children"));
  it("takes a daughter's school show for no question about children", () =>
    expect(topicsOf("minha filha vai se apresentar na escola quarta")).not.toContain("children"));
  it("reads 'a minha consulta com a Dra. Beatriz: dá pra ficar pra quinta?' as a move", () =>
    expect(
      intentsOf("a minha consulta com a Dra. Beatriz: dá pra ficar pra quinta, no mesmo horário?"),
    ).toContain("reschedule"));
});

describe("yesNo", () => {
  it.each([
    "sim",
    "pode",
    "isso mesmo",
    "uhum",
    "tá bom",
    "com certeza",
    "não tem problema",
    "por que não",
    "confirmo",
  ])("%s is yes", (t) => expect(yesNo(t)).toBe("yes"));
  it.each(["não", "nao", "negativo", "não, pode ser sexta", "de jeito nenhum", "errado"])("%s is no", (t) =>
    expect(yesNo(t)).toBe("no"),
  );
  it("says nothing for unrelated words", () => expect(yesNo("qual o endereço")).toBeUndefined());
});

describe("CPF", () => {
  it.each([
    ["um dois três quatro cinco seis sete oito nove zero nove", "12345678909"],
    ["nove oito sete meia cinco quatro três dois um zero zero", "98765432100"],
    [
      "cento e vinte e três quatrocentos e cinquenta e seis setecentos e oitenta e nove zero nove",
      "12345678909",
    ],
    ["123.456.789-09", "12345678909"],
  ])("%s", (text, digits) => {
    expect(cpfDigits(text)).toBe(digits);
    expect(isValidCpf(digits)).toBe(true);
  });
  it("refuses wrong check digits and repeated digits", () => {
    expect(isValidCpf("12345678900")).toBe(false);
    expect(isValidCpf("11111111111")).toBe(false);
  });
});

describe("extractName", () => {
  it.each([
    ["meu nome é maria costa não correia", "Maria Correia"],
    ["Costa... não, Correia", "Correia"],
    ["aqui é a joão da silva", "João da Silva"],
    ["ana paula ferreira quer dizer ana paula pereira", "Ana Paula Pereira"],
    ["maria souza obrigada", "Maria Souza"],
  ])("%s → %s", (text, name) => expect(extractName(text)).toBe(name));
  it("takes a pet owner's own name said after the pet's (decision 0069)", () => {
    const owner = { callerIsClient: true };
    expect(extractName("o nome dela é Mel e o meu é Sandra Lopes", owner)).toBe("Sandra Lopes");
    expect(extractName("ele se chama Thor, e o meu nome é Roberto Dias", owner)).toBe("Roberto Dias");
    expect(extractName("Maria e Meurer", owner)).toBe("Maria e Meurer");
  });
  it("finds no name in a request", () => expect(extractName("quero marcar uma consulta")).toBeUndefined());
});

describe("intents and topics", () => {
  it.each([
    ["quero marcar uma consulta", "book"],
    ["preciso remarcar", "reschedule"],
    ["queria trocar o horário da minha consulta", "reschedule"],
    ["não vou poder ir, quero desmarcar", "cancel"],
    ["quero confirmar minha consulta", "confirm"],
    ["quero falar com uma atendente", "transfer"],
    ["tchau", "goodbye"],
    ["preciso mudar a minha consulta", "reschedule"],
    ["queria passar pro dia quatorze", "reschedule"],
    ["oi só confirmando o exame de terça", "confirm"],
    ["queria confirmar a consulta de sexta, não precisa remarcar", "confirm"],
  ])("%s → %s", (text, intent) => expect(intentsOf(text)[0]).toBe(intent));
  it("a negated request is no request", () => {
    expect(intentsOf("não precisa remarcar")).toEqual([]);
    expect(intentsOf("não quero cancelar não")).toEqual([]);
  });
  it.each([
    ["quanto custa", "price"],
    ["a consulta sai quanto", "price"],
    ["precisa de jejum", "preparation"],
    ["onde fica", "address"],
    ["tem estacionamento", "parking"],
    ["tem rampa pra cadeirante", "accessibility"],
    ["aceita unimed", "insurance"],
    ["atende criança", "children"],
  ])("%s → %s", (text, topic) => expect(topicsOf(text)).toContain(topic));
});

describe("speech", () => {
  it.each([
    [h(10), "dez horas"],
    [h(10, 30), "dez e meia"],
    [h(14, 30), "duas e meia da tarde"],
    [h(12), "meio-dia"],
    [h(19), "sete da noite"],
    [h(9, 15), "nove e quinze"],
  ])("%i minutes → %s", (m, words) => expect(timeWords(m)).toBe(words));
  it("says prices in words", () => {
    expect(moneyWords(15000)).toBe("cento e cinquenta reais");
    expect(moneyWords(8050)).toBe("oitenta reais e cinquenta centavos");
    expect(moneyWords(100)).toBe("um real");
  });
});

describe("SentenceSplitter", () => {
  it("keeps abbreviations, prices, times and inner ellipses inside sentences", () => {
    expect([
      ...sentences(
        "A consulta com a Dra. Ana custa R$ 150,00. O horário é 10:30. Costa... não, Correia. Sr. João? Sim!",
      ),
    ]).toEqual([
      "A consulta com a Dra. Ana custa R$ 150,00.",
      "O horário é 10:30.",
      "Costa... não, Correia.",
      "Sr. João?",
      "Sim!",
    ]);
  });
  it("streams: a sentence is complete only once the next one begins", () => {
    const s = new SentenceSplitter();
    expect(s.push("Olá, tudo bem")).toEqual([]);
    expect(s.push("? Eu sou a Dr")).toEqual(["Olá, tudo bem?"]);
    expect(s.push(". Ana. Em que")).toEqual(["Eu sou a Dr. Ana."]);
    expect(s.push(" posso ajudar")).toEqual([]);
    expect(s.flush()).toEqual(["Em que posso ajudar"]);
  });
});

describe("names spelled and parts of the day refused (issue #27)", () => {
  it("assembles spelled letters into the name", () => {
    expect(extractName("meu nome é Kauê, K A U E")).toBe("Kauê");
    expect(extractName("Luis, L U I Z, Luiz Fernandes")).toBe("Luiz Fernandes");
    expect(extractName("T H A I S Ramos")).toBe("Thais Ramos");
    expect(extractName("Thaís, T-H-A-I-S, Thaís Ramos")).toBe("Thaís Ramos");
    expect(extractName("é ká a u ê lima")).toBe("Kaue Lima");
    expect(extractName("Luiz com z, L U I Z Souza")).toBe("Luiz Souza");
    expect(extractName("Maria de Souza")).toBe("Maria de Souza");
    // A spelled name that starts with the letter 'A' keeps it (the article 'a' is not the letter).
    expect(extractName("A N A Lima")).toBe("Ana Lima");
    expect(extractName("meu nome é a n d r e a souza")).toBe("Andrea Souza");
    expect(extractName("é a Maria Souza")).toBe("Maria Souza");
    expect(extractName("é a ká a u ê lima")).toBe("Kaue Lima");
    // Agreement is no name: 'pode ser' at the name question, 'ok, Pedro Alves'.
    expect(extractName("pode ser")).toBeUndefined();
    expect(extractName("ok")).toBeUndefined();
    expect(extractName("ok, Pedro Alves")).toBe("Pedro Alves");
    expect(extractName("pode ser, meu nome é Pedro Alves")).toBe("Pedro Alves");
  });

  it("takes no refused part of the day as a preference", () => {
    const now = new Date("2026-12-09T10:00:00-03:00");
    expect(resolveWhen("nao posso de manha so a tarde na quinta", now)).toEqual({
      date: "2026-12-10",
      period: "tarde",
    });
    expect(resolveWhen("nao consigo de manha, pode ser a tarde", now)?.period).toBe("tarde");
    expect(resolveWhen("nao, pode ser de manha", now)?.period).toBe("manha");
  });
});

describe("callers off the script (issue #27, decision 0048)", () => {
  it.each([
    "é o jorge eu preciso mudar a fisioterapia de sexta",
    "Preciso mudar o banho dele de quinta pra sexta, no mesmo horário.",
    "oi é a vanessa preciso mudar a manicure de sexta pro sábado no mesmo horário",
    "queria trocar a escova de quinta",
  ])("a change of something on a day is a reschedule: %s", (text) => {
    expect(intentsOf(text)).toEqual(["reschedule"]);
  });

  it("a name joining two things is meant only when both are said", () => {
    const named = (name: string, id: string) => ({ ...SERVICE, id, name });
    const services = [named("Banho cão porte pequeno", "1"), named("Banho e tosa", "2"), named("Tosa", "3")];
    expect(matchServices("banho", services).map((s) => s.name)).toEqual(["Banho cão porte pequeno"]);
    expect(matchServices("banho e tosa", services).map((s) => s.name)).toEqual(["Banho e tosa"]);
    expect(matchServices("dá pra levar o Max pra dar banho no domingo?", services).map((s) => s.id)).toEqual([
      "1",
    ]);
  });

  it("'pé e mão' names a pedicure and a manicure, 'fazer as unhas' a manicure", () => {
    const named = (name: string, id: string) => ({ ...SERVICE, id, name });
    const services = [named("Manicure", "m"), named("Pedicure", "p"), named("Escova", "e")];
    const ids = (text: string) => servicesNamed(text, services).map((n) => n.service.id);
    expect(ids("queria fazer pé e mão na sexta")).toEqual(["m", "p"]);
    expect(ids("quero fazer as unhas")).toEqual(["m"]);
    expect(ids("uma escova")).toEqual(["e"]);
  });
});

describe("the readings behind the blind set's wrong writes (decision 0058)", () => {
  // Wednesday 2026-12-09: quinta = 10, sexta = 11, the week after starts Monday 14.
  it.each([
    ["Desculpa, Rafael Menezes.", "Rafael Menezes"],
    ["Desculpa Rafael", "Rafael"],
    ["Perdão, é Rafael", "Rafael"],
    ["ah tá, Rafael", "Rafael"],
    ["ah desculpa é marcos vieira", "Marcos Vieira"],
    ["hum então é roberto dias", "Roberto Dias"],
    ["ah sim claro desculpa é ana paula ribeiro", "Ana Paula Ribeiro"],
    ["Rafael Menezes, desculpa", "Rafael Menezes"],
  ])("no apology or filler in a name: %s → %s", (text, name) => expect(extractName(text)).toBe(name));
  it.each(["desculpa, não entendi", "perdão, pode repetir?", "tanto faz", "e também um exame"])(
    "no name in '%s'",
    (text) => expect(extractName(text)).toBeUndefined(),
  );

  it.each([
    ["terça não, quinta", "2026-12-10"],
    ["na terça não quer dizer na quinta às duas da tarde", "2026-12-10"],
    ["na sexta não vai dar pra mim, pode ser na segunda", "2026-12-14"],
    ["quinta agora", "2026-12-10"],
    ["essa sexta", "2026-12-11"],
    ["na outra sexta", "2026-12-18"],
    ["sexta da semana que vem", "2026-12-18"],
    ["terça ou quinta", "2026-12-15"],
  ])("the day meant: %s → %s", (text, date) => expect(resolveWhen(text, NOW)?.date).toBe(date));

  it("'e um' before a service is an article, not a minute", () => {
    expect(resolveWhen("sexta às 14h e um exame de sangue", NOW)).toEqual({
      date: "2026-12-11",
      time: 14 * 60,
    });
    expect(resolveWhen("às onze e um minuto", NOW)?.time).toBe(11 * 60 + 1);
  });

  it.each([
    "oi eu tenho uma consulta na quinta e queria marcar ela pra outro dia pode ser sexta às dez",
    "eu marquei o banho da minha cachorra pra quinta mas não vou poder levar queria agendar pra sexta",
    "Tenho um teste ergométrico na sexta e queria marcar para segunda que vem no mesmo horário.",
    "eu queria agendar minha sessão de terça pra quarta às dezoito horas",
    "Oi, não vou conseguir ir no eletro de quarta. Dá pra marcar na sexta às 11h?",
  ])("a move worded as a booking: %s", (text) => expect(intentsOf(text)).toEqual(["reschedule"]));

  it.each([
    "já tenho a consulta marcada e queria marcar um exame pra segunda",
    "quero marcar minha consulta pra sexta",
    "tenho uma dúvida, quero marcar pra sexta",
    "minha filha tem 5 anos, quero marcar pra sexta",
    "eu tenho convênio unimed, queria marcar pra sexta",
  ])("a booking stays a booking: %s", (text) => expect(intentsOf(text)[0]).toBe("book"));
  it("an appointment and a verb with no new day after them is no move", () => {
    expect(intentsOf("minha consulta tá marcada pra sexta, queria deixar confirmado")).not.toContain(
      "reschedule",
    );
  });
});

describe("managing an appointment in any phrasing (issue #27, decision 0065)", () => {
  // Wednesday 2026-12-09: the 18th is a Friday.
  it.each([
    "Preciso mudar meu eletro para quinta, dia 14, às 9h.",
    "oi bom dia eu precisava trocar o meu teste ergométrico pra semana que vem",
    "oi é o otávio eu queria mudar o meu retorno pra quarta às três é três e meia",
    "preciso mudar a minha ginecologista do dia dez pra quarta dia doze",
    "a minha consulta de sexta dá pra ser na segunda",
    "não vou conseguir ir na sexta, consegue pra segunda?",
    "não vou conseguir ir, pode ser na segunda?",
    "vou precisar desmarcar e marcar pra outro dia",
  ])("a move of the caller's own thing: %s", (text) => expect(intentsOf(text)).toEqual(["reschedule"]));
  it.each(["não vou conseguir ir na sexta", "não vou poder ir pra consulta de amanhã"])(
    "no new day, a cancellation: %s",
    (text) => expect(intentsOf(text)).toEqual(["cancel"]),
  );
  it.each(["queria mudar meu telefone", "preciso trocar o meu convênio", "quero passar meu cpf"])(
    "a registration field is no move: %s",
    (text) => expect(intentsOf(text)).not.toContain("reschedule"),
  );
  it.each(["queria ver se tá marcado a minha manicure", "só queria ver se a minha consulta tá agendada"])(
    "a look-up: %s",
    (text) => expect(intentsOf(text)).toEqual(["check"]),
  );
  it("'não quero remarcar não, quero cancelar': the emphatic 'não' negates nothing more", () => {
    expect(
      intentsOf(
        "Tenho um banho marcado na quinta mas não vou conseguir levar. Não quero remarcar não, quero cancelar.",
      ),
    ).toEqual(["cancel"]);
  });
  it("marks a weekday that is not the day of the month's, and only then", () => {
    expect(resolveWhen("quinta, dia 18, às 9h", NOW)).toEqual({
      date: "2026-12-18",
      weekdayConflict: 4,
      time: 9 * 60,
    });
    expect(resolveWhen("sexta dia 18", NOW)).toEqual({ date: "2026-12-18" });
    expect(resolveWhen("de terça pra sexta dia 18", NOW)?.weekdayConflict).toBeUndefined();
  });
});

describe("moves said with no move verb (decision 0068)", () => {
  it.each([
    ["eu tinha marcado pra quarta mas queria quinta no mesmo horário", "quarta", "quinta"],
    ["o meu retorno de quinta pode ser uma hora mais cedo", "quinta", "uma hora mais cedo"],
    ["não dá pra mim sexta a fisio tem segunda no mesmo horário", "sexta", "segunda"],
    ["minha sessão de terapia é dia 4, né? Consegue dia 6 às 19h?", "dia 4", "dia 6"],
    ["minha consulta de quinta pode ser às 14h?", "quinta", "as 14h"],
    ["a de sexta a manicure pode ser sábado no mesmo horário", "sexta", "sabado"],
    ["o banho do Thor é na quinta às 10, mas pra mim seria melhor sexta, às 14h", "quinta", "sexta"],
    ["queria segunda que vem em vez de quarta a fisioterapia", "quarta", "segunda"],
    ["Minha consulta de quarta, seria possível quinta no mesmo horário?", "quarta", "quinta"],
    ["A fisio de sexta, será que dá na segunda?", "sexta", "segunda"],
    ["minha sessão é dia quatro né teria como ser dois dias depois", "dia quatro", "dois dias depois"],
  ])("a move: %s", (text, old, wanted) => {
    expect(intentsOf(text)).toEqual(["reschedule"]);
    const parts = verblessMove(text);
    expect(parts?.old).toContain(old);
    expect(parts?.new).toContain(wanted);
  });
  it.each([
    "eu tinha marcado corte pra quinta, mas queria saber quanto custa a escova",
    "eu tinha marcado a manicure pra sexta e queria marcar também uma escova no mesmo dia às quatro",
    "quero marcar consulta, sexta não dá pra mim, tem segunda?",
    "tem horário na sexta?",
    "a consulta da segunda é com quem?",
  ])("no move: %s", (text) => expect(intentsOf(text)).not.toContain("reschedule"));
  it.each([
    ["eu não vou mais precisar do eletro pode tirar", "cancel"],
    ["tô ligando só pra avisar que amanhã eu vou sim, pode deixar confirmado", "confirm"],
    ["A consulta dela é quarta, né? Que horas mesmo?", "check"],
    ["sobre o meu corte de quinta eu consigo chegar só às cinco tem problema", "reschedule"],
  ])("callers worded apart from the script (mx-*): %s", (text, intent) => {
    expect(intentsOf(text)).toEqual([intent]);
  });
  it("'pode tirar uma dúvida?' asks a question, it cancels nothing", () => {
    expect(intentsOf("você pode tirar uma dúvida?")).not.toContain("cancel");
  });
  it("'saber se a consulta da segunda está confirmada' looks the appointment up", () => {
    expect(intentsOf("queria saber se a consulta da segunda está confirmada")).toEqual(["check"]);
  });
  it("reads a shift in days from the appointment's day, its number never a day of the month", () => {
    expect(resolveWhen("dois dias depois", NOW)).toEqual({ dayShift: 2 });
    expect(resolveWhen("um dia antes às nove", NOW)).toEqual({ dayShift: -1, time: 9 * 60 });
    expect(resolveWhen("uma semana depois", NOW)).toEqual({ dayShift: 7 });
    expect(resolveWhen("dia dois", NOW)?.dayShift).toBeUndefined();
  });
  it("while a booking is under way, a refused day answers the booking", () => {
    const text = "não dá pra mim sexta, tem segunda?";
    expect(intentsOf(text)).toEqual(["reschedule"]);
    expect(intentsOf(text, { verblessMoves: false })).not.toContain("reschedule");
  });
  it("reads a shift from the appointment's time, never a clock time", () => {
    expect(resolveWhen("uma hora mais cedo", NOW)).toEqual({ shift: -60 });
    expect(resolveWhen("meia hora mais tarde", NOW)).toEqual({ shift: 30 });
    expect(resolveWhen("uma hora e meia depois", NOW)).toEqual({ shift: 90 });
    expect(resolveWhen("no mesmo dia só que mais tarde lá pelas três", NOW)).toEqual({
      sameDay: true,
      relative: "later",
      time: 15 * 60,
    });
    expect(resolveWhen("às duas horas", NOW)).toEqual({ time: 14 * 60 });
  });
  it("ends an appointment the caller has after its day", () => {
    const text = "eu tinha marcado a consulta pra quinta e queria marcar um exame na sexta";
    const end = ownAppointmentDayEnd(text);
    expect(text.slice(0, end)).toBe("eu tinha marcado a consulta pra quinta");
  });
});
