// The agent speaks numbers in words for the voice ('duzentos e cinquenta reais', 'às dez horas'); facts are written
// with digits or words. The judge matches each fact against the plain text and against the text with every pt-BR
// number in words turned into digits ('duzentos e cinquenta' → '250').

const UNITS: Record<string, number> = {
  zero: 0,
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
  doze: 12,
  treze: 13,
  quatorze: 14,
  catorze: 14,
  quinze: 15,
  dezesseis: 16,
  dezessete: 17,
  dezoito: 18,
  dezenove: 19,
  vinte: 20,
  trinta: 30,
  quarenta: 40,
  cinquenta: 50,
  sessenta: 60,
  setenta: 70,
  oitenta: 80,
  noventa: 90,
  cem: 100,
  cento: 100,
  duzentos: 200,
  duzentas: 200,
  trezentos: 300,
  trezentas: 300,
  quatrocentos: 400,
  quatrocentas: 400,
  quinhentos: 500,
  quinhentas: 500,
  seiscentos: 600,
  seiscentas: 600,
  setecentos: 700,
  setecentas: 700,
  oitocentos: 800,
  oitocentas: 800,
  novecentos: 900,
  novecentas: 900,
};

/** `text` is accent-free lower case. */
export function numbersToDigits(text: string): string {
  const tokens = text.split(/(\s+)/);
  const out: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    const word = tokens[i] ?? "";
    const bare = word.replace(/[^a-z]/g, "");
    if (!(bare in UNITS) && bare !== "mil") {
      out.push(word);
      i++;
      continue;
    }
    // A run of number words joined by 'e': 'duzentos e cinquenta', 'mil e quinhentos', 'vinte e cinco'.
    let total = 0;
    let group = 0;
    let j = i;
    let last = i;
    while (j < tokens.length) {
      const w = (tokens[j] ?? "").replace(/[^a-z]/g, "");
      if (w in UNITS) group += UNITS[w] ?? 0;
      else if (w === "mil") {
        total += (group || 1) * 1000;
        group = 0;
      } else break;
      last = j;
      const trailing = (tokens[j] ?? "").match(/[^a-z]+$/)?.[0];
      if (trailing) break;
      // Skip the space, an 'e' and its space when another number word follows.
      const next = (tokens[j + 2] ?? "").replace(/[^a-z]/g, "");
      const afterE = (tokens[j + 4] ?? "").replace(/[^a-z]/g, "");
      if (next === "e" && (afterE in UNITS || afterE === "mil")) j += 4;
      else break;
    }
    const trailing = (tokens[last] ?? "").match(/[^a-z]+$/)?.[0] ?? "";
    out.push(`${total + group}${trailing}`);
    i = last + 1;
  }
  return out.join("");
}
