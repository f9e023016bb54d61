// Cuts streamed agent text into sentences for speech synthesis, so the first sentence can be spoken while the rest
// is still being written. A period ends a sentence unless it belongs to an abbreviation ('Dr.', 'Sra.', 'Av.'), a
// number ('R$ 150,00', '10.30', '1.000'), an ellipsis inside a sentence, or an initial ('J. Silva').

const ABBREVIATIONS = new Set(
  [
    "dr",
    "dra",
    "drs",
    "dras",
    "sr",
    "sra",
    "srta",
    "srs",
    "sras",
    "prof",
    "profa",
    "av",
    "r",
    "nº",
    "tel",
    "cel",
    "etc",
    "ex",
    "obs",
    "pág",
    "pag",
    "apto",
    "ap",
    "cj",
    "conj",
    "km",
    "máx",
    "mín",
    "aprox",
    "jan",
    "fev",
    "abr",
    "jun",
    "jul",
    "ago",
    "nov",
    "ltda",
    "cia",
    "s.a",
    "vs",
    "dept",
    "depto",
  ].map((a) => a.toLowerCase()),
);

/** Index just past the end of the first complete sentence in `text`, or -1 when none is complete yet. */
function firstSentenceEnd(text: string, final: boolean): number {
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== "." && c !== "!" && c !== "?" && c !== "…") continue;
    // Swallow runs of terminators and closing quotes: '?!', '...', '.")'
    let j = i + 1;
    while (j < text.length && /[.!?…"'”’)\]]/.test(text[j]!)) j++;
    if (j >= text.length) {
      // At the end of what has arrived: complete only when no more text comes.
      if (final) return j;
      return -1;
    }
    const next = text[j]!;
    if (!/\s/.test(next)) {
      // '10.30', 'R$ 1.000,00', 'www.site.com', 'S.A.': not an end.
      i = j - 1;
      continue;
    }
    if (c === ".") {
      const run = text.slice(i, j);
      const word = /([\p{L}º.]+)$/u.exec(text.slice(0, i))?.[1]?.toLowerCase() ?? "";
      // An ellipsis followed by a lowercase word goes on ('Costa... não, Correia').
      if (run.startsWith("...") || run.startsWith("…")) {
        const after = text.slice(j).trimStart();
        if (after && /^\p{Ll}/u.test(after)) {
          i = j - 1;
          continue;
        }
        if (!after && !final) return -1;
      } else if (
        run === "." &&
        (ABBREVIATIONS.has(word) || /^\p{Lu}$/u.test(word.length === 1 ? text[i - 1]! : ""))
      ) {
        i = j - 1;
        continue;
      }
    }
    if (c === "…") {
      const after = text.slice(j).trimStart();
      if (after && /^\p{Ll}/u.test(after)) {
        i = j - 1;
        continue;
      }
    }
    // Wait to see the next word before ending on an abbreviation-like period at the very end.
    const rest = text.slice(j);
    if (!final && rest.trim() === "") return -1;
    return j;
  }
  return final && text.trim() ? text.length : -1;
}

/** Complete sentences of a whole text. */
export function* sentences(text: string): Generator<string> {
  const splitter = new SentenceSplitter();
  yield* splitter.push(text);
  yield* splitter.flush();
}

export class SentenceSplitter {
  private buffer = "";

  /** Adds streamed text; answers the sentences it completed. */
  push(chunk: string): string[] {
    this.buffer += chunk;
    return this.drain(false);
  }

  /** The end of the stream: answers what is left as a last sentence. */
  flush(): string[] {
    const out = this.drain(true);
    this.buffer = "";
    return out;
  }

  private drain(final: boolean): string[] {
    const out: string[] = [];
    for (;;) {
      const end = firstSentenceEnd(this.buffer, final);
      if (end < 0) break;
      const sentence = this.buffer.slice(0, end).trim();
      this.buffer = this.buffer.slice(end).replace(/^\s+/, "");
      if (sentence) out.push(sentence);
      if (!this.buffer) break;
    }
    return out;
  }
}
