// Places one scripted call (docs/decisions/0038-evaluation-runner.md): the ticket from `POST /voice-agent/browser-call`
// with the caller's number and the test clock, the gateway's websocket, then turn by turn: the script's next line
// (held back while a `when` does not match), else an answer from what the caller knows, else the caller hangs up.
import type { Api } from "./api";
import { CallSocket, type Heard } from "./client";
import { CALL_NOW, type EvalCall, type Persona, type Step } from "./types";

/** Accent-free lower case, for every pattern of the set. */
export function plain(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

export interface PlayOptions {
  /** Connect here instead of the ticket's `url` (a gateway reached under another name). */
  gatewayUrl?: string;
  /** The longest wait for one agent turn (eSpeak speaks in real time). */
  turnTimeoutMs?: number;
  maxCallerTurns?: number;
}

export interface Played {
  callId: string;
  log: Heard[];
  /** Caller turns answered by nothing said before the agent listened again (or hung up). */
  silentTurns: number;
  callerTurns: number;
  /** Why the call ended: the agent hung up, the caller did, or a wait ran out. */
  ended: "agent" | "caller" | "timeout";
}

const yesLike =
  /confirm|posso (agendar|marcar|cancelar|remarcar)|pode ser\?|correto\?|certo\?|tudo certo|esta bom\?|fechado\?|deseja (agendar|cancelar|remarcar)|quer (agendar|cancelar|remarcar|que eu)/;

/** The caller's answer to the agent's question from what they know; null when they have nothing to say to it. */
export function personaReply(
  call: EvalCall,
  agentTurn: string,
  restate: string | null = null,
): string | null {
  const p: Persona = call.persona ?? {};
  const asr = call.style === "asr";
  const say = (written: string, recogniser: string) => (asr ? recogniser : written);
  // The turn's last question; a turn that asks without a question mark ('me diga o seu CPF… ou diga pular') whole.
  const sentences = plain(agentTurn).split(/(?<=[?.!])\s+/);
  const q = [...sentences].reverse().find((s) => s.includes("?")) ?? plain(agentTurn);
  if (/mais alguma coisa|algo mais|ajudar em mais|mais alguma duvida/.test(q))
    return p.done ?? say("Não, obrigado. Tchau!", "não obrigado tchau");
  if (/transfer|atendente|falar com (alguem|uma pessoa|a equipe|a recepcao|um humano)/.test(q))
    return p.transfer ?? say("Não, obrigado.", "não obrigado");
  if (/(estou|eu estou) falando com|(o|a) senhora? e (o|a)|e voce,? /.test(q)) {
    if (call.knownAs) return say("Sim, sou eu.", "sim sou eu");
    return p.name ? say(`Não, meu nome é ${p.name}.`, `não meu nome é ${p.name}`) : null;
  }
  // 'Para quando você quer remarcar …?' asks for a day, not a yes ('quer remarcar' alone would read as one).
  const wh = /^(para |pra )?(quando|qual|quais|que dia|que horas|onde|como)\b/.test(q);
  if (yesLike.test(q) && !wh) return p.yes ?? say("Sim.", "sim");
  if (/nome/.test(q)) return p.name ?? null;
  if (/cpf/.test(q)) return p.cpf ?? say("Não tenho aqui agora.", "não tenho aqui agora");
  if (/telefone|celular|numero|contato/.test(q))
    return (
      p.phone ?? say("Pode ser esse mesmo que eu estou ligando.", "pode ser esse mesmo que eu tô ligando")
    );
  // Offered times: the day and time they want again (their pick when they have none).
  if (/qual (horario )?(fica|e|seria) melhor/.test(q))
    return p.when ?? p.pick ?? say("O primeiro.", "o primeiro");
  // Offered options (which appointment, which professional): the one they want, else the first.
  if (
    /qual (deles|delas|desses|dessas|das opcoes|opcao|prefere|voce prefere)|\bprimeir|\bsegund|qual (dos|das) /.test(
      q,
    )
  )
    return p.pick ?? say("O primeiro.", "o primeiro");
  if (/servico|procedimento|tipo de (atendimento|consulta)|qual (exame|consulta|atendimento|sessao)/.test(q))
    // Without a word for the service, the caller says their request again.
    return p.service ?? p.intent ?? restate;
  if (/profissional|com quem|qual (medic|doutor|dr|especialista)|preferencia/.test(q))
    return p.professional ?? say("Tanto faz.", "tanto faz");
  if (/unidade|qual local|qual endereco|em qual (loja|sala)/.test(q))
    return p.location ?? say("Tanto faz.", "tanto faz");
  if (/\bdia\b|data|horario|hora|quando|periodo|manha|tarde|semana/.test(q)) return p.when ?? null;
  if (
    /como posso ajudar|em que posso|posso ajudar|o que (voce|o senhor|a senhora) (precisa|gostaria|deseja)/.test(
      q,
    )
  )
    return p.intent ?? null;
  return null;
}

const stepText = (step: Step) => (typeof step === "string" ? step : step.say);
const stepWhen = (step: Step) => (typeof step === "string" ? undefined : step.when);
const stepBargeIn = (step: Step) => typeof step !== "string" && step.bargeIn === true;

/** E.164 of a fixture phone, `(11) 98123-4567` → `+5511981234567`. */
export function e164(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.startsWith("55") && digits.length > 11 ? `+${digits}` : `+55${digits}`;
}

export async function playCall(
  api: Api,
  call: EvalCall,
  callerNumber: string,
  options: PlayOptions = {},
): Promise<Played> {
  const turnTimeoutMs = options.turnTimeoutMs ?? 90_000;
  const maxCallerTurns = options.maxCallerTurns ?? 20;
  const ticket = await api.request<{ url: string; customParameters: Record<string, string> }>(
    "POST",
    "/voice-agent/browser-call",
    { from: callerNumber, now: CALL_NOW },
  );
  const callId = ticket.customParameters.callId ?? "";
  const socket = new CallSocket(options.gatewayUrl ?? ticket.url, ticket.customParameters);
  await socket.start();

  let silentTurns = 0;
  let callerTurns = 0;
  let next = 0;
  let ended: Played["ended"] = "caller";
  let helloSaid = false;
  let restated = false;
  const asked = new Map<string, number>();

  /** Agent lines since event index `from`. */
  const agentSince = (from: number) =>
    socket.events
      .slice(from)
      .filter((e) => e.event === "transcript" && e.role === "agent" && e.final)
      .map((e) => e.text ?? "")
      .join(" ");
  const stateSince = (from: number, pred: (s: string) => boolean) =>
    socket.events
      .slice(from)
      .findIndex((e) => e.event === "agent-state" && e.state !== undefined && pred(e.state));

  /**
   * Waits for the agent's turn after event `from` to end (a non-listening state, then listening; or the socket
   * closed). Meanwhile, a barge-in step is said over the agent's speech when its `when` matches what is being said.
   */
  const awaitTurn = async (from: number, started: boolean): Promise<"listening" | "closed" | "timeout"> => {
    const deadline = Date.now() + turnTimeoutMs;
    let begun = started;
    for (;;) {
      if (!begun) begun = stateSince(from, (s) => s !== "listening") >= 0;
      if (begun) {
        const afterBegin =
          from +
          Math.max(
            0,
            stateSince(from, (s) => s !== "listening"),
          );
        if (stateSince(afterBegin, (s) => s === "listening") >= 0) return "listening";
      }
      if (socket.closed) return "closed";
      const step = call.steps[next];
      if (step && stepBargeIn(step) && begun && callerTurns < maxCallerTurns) {
        const speaking = socket.events
          .slice(from)
          .some((e) => e.event === "agent-state" && e.state === "speaking");
        const said = plain(
          socket.events
            .slice(from)
            .filter((e) => e.event === "transcript" && e.role === "agent")
            .map((e) => e.text ?? "")
            .join(" "),
        );
        const when = stepWhen(step);
        const lastState = [...socket.events].reverse().find((e) => e.event === "agent-state")?.state;
        if (speaking && lastState === "speaking" && (!when || when.test(said))) {
          next++;
          callerTurns++;
          const at = socket.events.length;
          socket.say(stepText(step), true);
          // The interrupted turn ends with its own 'listening', which may come before the reply to the interruption.
          const ok = await socket.until(() => stateSince(at, (s) => s === "listening") >= 0, turnTimeoutMs);
          if (!ok) return socket.closed ? "closed" : "timeout";
          const listened = at + stateSince(at, (s) => s === "listening") + 1;
          const resumed = await socket.until(() => stateSince(listened, (s) => s !== "listening") >= 0, 1500);
          if (resumed) return awaitTurn(listened, false);
          return "listening";
        }
      }
      if (Date.now() > deadline) return "timeout";
      await socket.until(() => socket.closed || false, 100);
    }
  };

  // The greeting.
  let from = 0;
  let outcome = await awaitTurn(0, false);
  while (outcome === "listening" && callerTurns < maxCallerTurns) {
    const turn = agentSince(from);
    const step = call.steps[next];
    let line: string | null = null;
    // A caller asked the same question a third time gives up (the repeat is counted by the judge).
    for (const sentence of plain(turn).split(/(?<=[?.!])\s+/)) {
      if (!sentence.trim().endsWith("?")) continue;
      asked.set(sentence, (asked.get(sentence) ?? 0) + 1);
    }
    if ([...asked.values()].some((n) => n >= 3)) break;
    // Their request said again, once, when asked for what they named no other way.
    const restate = restated || typeof call.steps[0] !== "string" ? null : call.steps[0];
    if (turn.trim() === "" && callerTurns > 0) {
      // The agent said nothing: the caller checks the line once, then gives up.
      if (helloSaid) break;
      helloSaid = true;
      line = call.style === "asr" ? "alô você tá aí" : "Alô? Você está aí?";
    } else if (step !== undefined && !stepBargeIn(step)) {
      const when = stepWhen(step);
      if (!when || when.test(plain(turn))) {
        line = stepText(step);
        next++;
      } else {
        line = personaReply(call, turn, restate);
        if (line !== null && line === restate) restated = true;
        if (line === null) {
          line = stepText(step);
          next++;
        }
      }
    } else if (step === undefined && call.persona?.leaves) {
      // The caller said goodbye with their last line: they hang up.
      break;
    } else {
      // Nothing scripted for now (or a barge-in waiting for its moment): answer what was asked.
      line = personaReply(call, turn, restate);
      if (line !== null && line === restate) restated = true;
      if (line === null && step !== undefined && stepBargeIn(step)) {
        line = stepText(step);
        next++;
      }
    }
    if (line === null) break;
    from = socket.events.length;
    socket.say(line);
    callerTurns++;
    outcome = await awaitTurn(from, false);
    if (outcome !== "timeout" && agentSince(from).trim() === "") silentTurns++;
  }
  if (outcome === "closed") ended = "agent";
  else if (outcome === "timeout") ended = "timeout";
  if (!socket.closed) socket.hangUp();
  return { callId, log: socket.log, silentTurns, callerTurns, ended };
}
