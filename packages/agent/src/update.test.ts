// Unit tests of the registration-update understanding (update.ts) and of how the agent reads numbers back.
import { describe, expect, it } from "vitest";
import { matchInsurance } from "./match";
import { cpfWords, groupedDigitWords, phoneWords } from "./speak";
import {
  correctDigits,
  correctedDigits,
  cpfValue,
  fieldsNamed,
  insuranceNumberValue,
  insuranceValue,
  nameValue,
  nationalPhone,
  ownInsurance,
  phoneValue,
  spliceDigits,
  updateRequest,
} from "./update";
import { yesNo } from "./yesno";

describe("updateRequest", () => {
  it.each([
    ["quero atualizar meu cadastro", []],
    ["preciso atualizar meus dados", []],
    ["mudei de telefone", ["phone"]],
    ["meu número novo é 11 95555 4444", ["phone"]],
    ["troquei de celular", ["phone"]],
    ["o telefone que vocês têm é antigo", ["phone"]],
    ["meu convênio agora é Unimed", ["insurance"]],
    ["troquei de plano", ["insurance"]],
    ["agora eu tenho sulamérica", ["insurance"]],
    ["não tenho mais convênio", ["insurance"]],
    ["vocês estão com meu nome errado, é Marina Correia", ["name"]],
    ["quero incluir meu CPF", ["cpf"]],
    ["meu e-mail mudou", ["email"]],
    ["mudei de telefone e de email", ["email", "phone"]],
    ["o número da minha carteirinha mudou", ["insurance"]],
  ])("%s → %j", (text, fields) => {
    expect(updateRequest(text)).toEqual(fields);
  });

  it.each([
    "quero marcar uma consulta",
    "quero mudar o horário da minha consulta",
    "vocês aceitam unimed",
    "meu telefone é 11 98765 4321",
    "qual o telefone de vocês",
    "quero fazer meu cadastro",
  ])("%s is no update", (text) => {
    expect(updateRequest(text)).toBeUndefined();
  });

  it("names fields without a change word, as an answer", () => {
    expect(fieldsNamed("o convênio")).toEqual(["insurance"]);
    expect(fieldsNamed("meu nome")).toEqual(["name"]);
    expect(fieldsNamed("unimed")).toEqual(["insurance"]);
  });
});

describe("numbers said by a caller", () => {
  it.each([
    ["onze nove sete seis cinco quatro três dois um zero", "11976543210"],
    ["(11) 97654-3210", "11976543210"],
    ["onze noventa e sete seis cinco quatro trinta e dois dez", "11976543210"],
    ["onze nove meia cinco quatro três dois um zero nove", "11965432109"],
    ["vinte e um três dois um dois quatro cinco quatro cinco", "2132124545"],
    ["+55 11 98123 4567", "11981234567"],
    ["zero onze nove oito um dois três quatro cinco seis sete", "11981234567"],
    ["onze nove oito sete... não, nove sete seis cinco quatro três dois um zero", "11976543210"],
  ])("phone %s → %s", (text, national) => {
    expect(phoneValue(text)).toEqual({ ok: national });
  });

  it("a stray 'um' before the number, and a mobile missing a digit", () => {
    expect(phoneValue("é um fixo onze três três três três quatro quatro quatro quatro")).toEqual({
      ok: "1133334444",
    });
    expect(phoneValue("onze nove nove nove oito oito sete sete seis")).toEqual({ partial: true });
  });

  it("a partial phone is partial; no digits is nothing", () => {
    expect(phoneValue("nove oito sete")).toEqual({ partial: true });
    expect(phoneValue("não sei de cabeça")).toBeUndefined();
    expect(nationalPhone("11876543210")).toBeUndefined(); // 11 digits must be a mobile (9…)
    expect(nationalPhone("5511987654321")).toBe("11987654321");
  });

  it("splices a correction into the digits said before", () => {
    expect(spliceDigits("11987", "976543210", 11)).toBe("11976543210");
    expect(spliceDigits("11988887777", "7766", 11)).toBe("11988887766");
    expect(
      correctedDigits("um dois três quatro cinco seis sete oito nove zero zero, quer dizer, zero nove", 11),
    ).toBe("12345678909");
    expect(correctDigits("não, o final é sete sete meia meia", "11988887777", 11)).toBe("11988887766");
    expect(correctDigits("não é 11 98888 7766", "11988887777", 11)).toBe("11988887766");
    expect(correctDigits("não", "11988887777", 11)).toBeUndefined();
  });

  it("a CPF is checked by its check digits", () => {
    expect(
      cpfValue("cento e vinte e três quatrocentos e cinquenta e seis setecentos e oitenta e nove zero nove"),
    ).toEqual({
      ok: "12345678909",
    });
    expect(cpfValue("123.456.789-00")).toEqual({ partial: true });
    expect(cpfValue("não lembro")).toBeUndefined();
  });

  it("an insurance card number keeps its leading zeros", () => {
    expect(insuranceNumberValue("zero zero nove nove")).toBe("0099");
    expect(insuranceNumberValue("não tenho aqui")).toBeUndefined();
  });
});

describe("names and insurances", () => {
  it.each([
    ["vocês estão com meu nome errado, é Marina Correia", false, "Marina Correia"],
    ["quero mudar meu nome para Maria Souza Lima", false, "Maria Souza Lima"],
    ["meu nome está escrito errado o certo é Maria de Souza", false, "Maria de Souza"],
    ["o certo é Maria Costa, não, Maria Correia", true, "Maria Correia"],
    ["é João Pereira da Silva", true, "João Pereira da Silva"],
    ["meu nome tá errado", false, undefined],
    ["não, está errado", true, undefined],
  ])("name in %s", (text, asked, name) => {
    expect(nameValue(text, asked)).toBe(name);
  });

  it("the insurance the caller has now", () => {
    expect(insuranceValue("meu convênio agora é unimed", [], false)).toBe("Unimed");
    expect(insuranceValue("bradesco saúde", [], true)).toBe("Bradesco Saúde");
    expect(insuranceValue("não tenho mais convênio", [], false)).toBeNull();
    expect(insuranceValue("é a Sami", [], true)).toBe("Sami");
    expect(insuranceValue("é a Sami", [], false)).toBeUndefined();
    expect(ownInsurance("quero marcar pelo meu convênio unimed", [])).toBe("Unimed");
    expect(ownInsurance("vocês aceitam unimed", [])).toBeUndefined();
  });

  it("what is said last holds now; an introduction is no name change", () => {
    expect(insuranceValue("eu tinha amil mas agora sou particular", [], false)).toBeNull();
    expect(insuranceValue("era amil agora é unimed", [], false)).toBe("Unimed");
    expect(updateRequest("oi meu nome é maria souza queria trocar o telefone do meu cadastro")).toEqual([
      "phone",
    ]);
    expect(updateRequest("gostaria de cadastrar meu cpf")).toEqual(["cpf"]);
  });

  it("'plano de saúde' names no plan", () => {
    expect(matchInsurance("quero colocar meu plano de saúde no cadastro", [])).toBeUndefined();
    expect(matchInsurance("é a saúde caixa", [])).toBe("Saúde Caixa");
  });

  it("'confere' answers 'Confere?'", () => {
    expect(yesNo("confere")).toBe("yes");
    expect(yesNo("não confere")).toBe("no");
  });
});

describe("numbers read back", () => {
  it("says a phone with its DDD as a number, then in groups", () => {
    expect(phoneWords("11987654321")).toBe("onze, nove oito sete seis cinco, quatro três dois um");
    expect(phoneWords("2132124545")).toBe("vinte e um, três dois um dois, quatro cinco quatro cinco");
  });
  it("says a CPF in its groups", () => {
    expect(cpfWords("52998224725")).toBe("cinco dois nove, nove oito dois, dois quatro sete, dois cinco");
    expect(groupedDigitWords("0012345")).toBe("zero zero um dois, três quatro cinco");
  });
});
