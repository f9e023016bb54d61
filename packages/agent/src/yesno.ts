// Yes and no in their many spoken forms. The first decisive phrase wins ('sim, mas...' is yes; 'não, pode ser na
// sexta' is no), and idioms that contain 'não' but agree ('não tem problema', 'por que não') count as yes.
import { normalize } from "./normalize";

export type YesNo = "yes" | "no";

const YES_PHRASES = [
  "nao tem problema",
  "sem problema",
  "sem problemas",
  "por que nao",
  "porque nao",
  "pode ser",
  "pode sim",
  "pode confirmar",
  "pode marcar",
  "pode agendar",
  "pode fazer",
  "pode cancelar",
  "pode remarcar",
  "isso mesmo",
  "isso ai",
  "e isso",
  "esta certo",
  "ta certo",
  "esta bem",
  "ta bom",
  "ta bem",
  "ta otimo",
  "tudo bem",
  "tudo certo",
  "com certeza",
  "claro que sim",
  "quero sim",
  "sou eu",
  "sou sim",
  "e ele",
  "e ela",
  "e o proprio",
  "e a propria",
  "ela mesma",
  "ele mesmo",
  "eu mesmo",
  "eu mesma",
  "manda ver",
  "fechou",
  "fechado",
  "de acordo",
  "por favor",
  "confirmo",
  "confirma",
  "confirmado",
  "confirmar",
  "correto",
  "confere",
  "conferido",
  "ta conferido",
  "bate",
  "ta batendo",
  "corretissimo",
  "certo",
  "certissimo",
  "exato",
  "exatamente",
  "perfeito",
  "otimo",
  "beleza",
  "blz",
  "claro",
  "sim",
  "simm",
  "isso",
  "ok",
  "okay",
  "okey",
  "oquei",
  "uhum",
  "aham",
  "ahan",
  "afirmativo",
  "positivo",
  "quero",
  "bora",
  "vamos",
  "pode",
  "serve",
  "ta",
  "esse mesmo",
  "essa mesma",
  "s",
];
const NO_PHRASES = [
  "nao",
  "nao e",
  "negativo",
  "errado",
  "esta errado",
  "ta errado",
  "nada disso",
  "de jeito nenhum",
  "nem pensar",
  "melhor nao",
  "deixa pra la",
  "deixa para la",
  "esquece",
  "nenhum",
  "nenhuma",
  "nope",
  "n",
  "nao quero",
  "ainda nao",
  "incorreto",
];

function phraseRegex(phrases: string[]): RegExp {
  const sorted = [...phrases].sort((a, b) => b.length - a.length);
  return new RegExp(`\\b(${sorted.map((p) => p.replace(/ /g, "\\s+")).join("|")})\\b`, "g");
}
const YES = phraseRegex(YES_PHRASES);
const NO = phraseRegex(NO_PHRASES);

/** 'yes', 'no', or undefined when the words do not say either. */
export function yesNo(text: string): YesNo | undefined {
  const n = normalize(text);
  if (!n) return undefined;
  let first: { at: number; len: number; kind: YesNo } | undefined;
  for (const [re, kind] of [
    [YES, "yes"],
    [NO, "no"],
  ] as const) {
    re.lastIndex = 0;
    for (const m of n.matchAll(re)) {
      const at = m.index ?? 0;
      const len = m[0].length;
      // The longer match at the same place wins ('nao tem problema' over 'nao').
      if (!first || at < first.at || (at === first.at && len > first.len)) first = { at, len, kind };
      break;
    }
  }
  // "não" inside a longer yes idiom that starts earlier or at the same place: handled by length above; a yes
  // idiom that starts later but covers the 'não' ('por que não') starts earlier, so also handled.
  return first?.kind;
}
