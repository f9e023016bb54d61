import { describe, expect, it } from "vitest";
import { emptyTranscript, type TranscriptAction, transcriptReducer } from "./transcript";

function run(actions: TranscriptAction[]) {
  return actions.reduce(transcriptReducer, emptyTranscript).bubbles.map(({ role, text, final }) => ({
    role,
    text,
    final,
  }));
}

const agent = (text: string, final: boolean): TranscriptAction => ({
  type: "transcript",
  role: "agent",
  text,
  final,
});
const caller = (text: string, final: boolean): TranscriptAction => ({
  type: "transcript",
  role: "caller",
  text,
  final,
});

describe("the softphone's live transcript", () => {
  it("shows the agent's queued sentences greyed and each as said once its mark comes back", () => {
    const queued = [agent("Olá!", false), agent("Como posso ajudar?", false)];
    expect(run(queued)).toEqual([
      { role: "agent", text: "Olá!", final: false },
      { role: "agent", text: "Como posso ajudar?", final: false },
    ]);
    expect(run([...queued, agent("Olá!", true)]).map((b) => b.final)).toEqual([true, false]);
    expect(
      run([...queued, agent("Olá!", true), agent("Como posso ajudar?", true)]).map((b) => b.final),
    ).toEqual([true, true]);
  });

  it("revises the caller's words in place until they are final, then starts a new bubble", () => {
    expect(
      run([caller("quero", false), caller("quero marcar", false), caller("quero marcar uma consulta", true)]),
    ).toEqual([{ role: "caller", text: "quero marcar uma consulta", final: true }]);
    expect(run([caller("sim", true), caller("amanhã", false)])).toHaveLength(2);
  });

  it("replaces the browser's own hypothesis with the gateway's final text, and drops an empty one", () => {
    const local = (text: string): TranscriptAction => ({ type: "local-interim", text });
    expect(run([local("quero mar"), local("quero marcar"), caller("quero marcar", true)])).toEqual([
      { role: "caller", text: "quero marcar", final: true },
    ]);
    expect(run([local("hum"), local("")])).toEqual([]);
  });

  it("typed speech arrives final and stays between the agent's turns", () => {
    expect(
      run([agent("Qual serviço?", false), agent("Qual serviço?", true), caller("consulta", true)]),
    ).toEqual([
      { role: "agent", text: "Qual serviço?", final: true },
      { role: "caller", text: "consulta", final: true },
    ]);
  });

  it("forgets the agent's unheard sentences on a barge-in, and anything unfinished when the call ends", () => {
    const spoken = [
      agent("Temos horário às 10h.", false),
      agent("Temos horário às 10h.", true),
      agent("Pode ser?", false),
    ];
    expect(run([...spoken, { type: "clear" }])).toEqual([
      { role: "agent", text: "Temos horário às 10h.", final: true },
    ]);
    expect(run([...spoken, caller("nã", false), { type: "end" }])).toEqual([
      { role: "agent", text: "Temos horário às 10h.", final: true },
    ]);
    expect(run([...spoken, { type: "reset" }])).toEqual([]);
  });

  it("keeps bubble ids unique for React keys", () => {
    const state = [agent("a", false), caller("b", true), agent("c", true)].reduce(
      transcriptReducer,
      emptyTranscript,
    );
    expect(new Set(state.bubbles.map((b) => b.id)).size).toBe(3);
  });
});
