// The Claude engine's message-taking mode (issue #24; docs/decisions/0056-transfer-return-and-summary.md): a caller
// brought back from a transfer nobody answered. The Claude session of a reception call, started on this mode's
// prompt (what happened, how to take the message, the facts of the business for a quick question), its opening said
// without a model call, and two tools: take_message, gated in code on the caller's yes to a read-back that named the
// number to call back, and end_call. When the model fails, the offline message-taking dialog carries the call on.
import { toWireMinute } from "@atende/shared/time";
import { z } from "@atende/shared/zod";
import type { ClaudeMode } from "../confirmation/claude-mode";
import { wallClock } from "../datetime";
import { CONSENT_RULE, knowledgeSection, SPEAKING_RULES } from "../llm/prompt";
import { digitsSaid, saysValue } from "../llm/readback";
import { TOOLS, type ToolDef, tool } from "../llm/tools";
import { dateWords, phoneWords, timeWords } from "../speak";
import { type AgentKnowledge, type AgentTools, type CallInfo, ToolError } from "../types";
import { startOfflineCallback } from "./dialog";
import { CALLBACK_DATA, CALLBACK_LINES, messageText, nationalDigits, writtenPhone } from "./lines";

/** The mode's system prompt (pt-BR), built once when the call resumes so the prompt cache applies. */
export function buildCallbackPrompt(k: AgentKnowledge, call: CallInfo): string {
  const now = call.now();
  const { date, minutes } = wallClock(now);
  const caller = call.knownClient;
  const own = nationalDigits(call.callerNumber);
  return [
    `Você é ${k.agent.name}, atendente virtual de voz de ${k.profile.name}, falando ao telefone em português do Brasil.`,
    "O cliente pediu para falar com a equipe e você transferiu a ligação, mas ninguém atendeu; a ligação voltou para você.",
    `Você já disse: "${CALLBACK_LINES.opening}"`,
    "",
    ...SPEAKING_RULES,
    "",
    "## Regras do recado",
    "- Anote um recado para a equipe retornar a ligação: o nome de quem liga, o assunto e o número para retorno.",
    caller
      ? `- O telefone é de ${caller.fullName}: pergunte se é essa pessoa ou use o nome que o cliente disser.`
      : "- Pergunte o nome do cliente.",
    own
      ? `- O número para retorno é o desta ligação, ${phoneWords(own)} (${writtenPhone(own)}), salvo se o cliente preferir outro: pergunte se podem retornar para esse número.`
      : "- O número desta ligação não foi identificado: peça o número para retorno com DDD.",
    "- Faça uma pergunta por vez. Depois leia o recado inteiro (nome, assunto e o número por extenso) e pergunte se está certo. Só chame take_message depois do sim a essa leitura; o sistema recusa sem esse sim.",
    CONSENT_RULE,
    "- Depois de anotar, diga que a equipe vai retornar assim que possível, despeça-se e chame end_call.",
    "- Se o cliente não quiser deixar recado, diga que ele pode ligar novamente mais tarde, despeça-se e chame end_call.",
    "- Não transfira de novo nem agende nada nesta ligação. Responda perguntas rápidas somente com os fatos abaixo; nunca invente.",
    "",
    "## A chamada",
    `Agora: ${dateWords(date, date, true).replace(/^hoje, /, "")}, ${timeWords(minutes)} (${toWireMinute(now)}, horário de Brasília, America/Sao_Paulo).`,
    `Telefone de quem liga: ${call.callerNumber ?? "não identificado"}.`,
    "",
    knowledgeSection(k, date),
  ].join("\n");
}

const TakeMessageInput = z.object({
  name: z.string().trim().min(1, "Nome é obrigatório").max(120, "Nome deve ter no máximo 120 caracteres"),
  subject: z
    .string()
    .trim()
    .min(1, "Assunto é obrigatório")
    .max(300, "Assunto deve ter no máximo 300 caracteres"),
  callbackNumber: z.string().trim().min(1, "Número para retorno é obrigatório"),
});

/** The mode's own tool: the message, kept only on a yes to its read-back. */
export function takeMessageTool(tools: AgentTools): ToolDef {
  return tool({
    name: "take_message",
    description:
      "Anota o recado para a equipe retornar a ligação, depois que o cliente disse sim à leitura do recado (nome, assunto e número).",
    schema: TakeMessageInput,
    hints: {
      name: "Nome de quem liga, como o cliente disse",
      subject: "Assunto do recado, nas palavras do cliente",
      callbackNumber: "Número para retorno com DDD, só dígitos (ex.: 11987654321)",
    },
    async run(input, _raw, ctx) {
      const number = nationalDigits(digitsSaid(input.callbackNumber) || input.callbackNumber);
      if (!number)
        return {
          isError: true,
          content: "Número para retorno inválido: peça ao cliente o número com DDD e leia de novo o recado.",
        };
      if (!ctx.agreed() || !saysValue(ctx.previousTurn, number))
        return {
          isError: true,
          content:
            "Não anotado: leia o recado (nome, assunto e o número por extenso) e pergunte se está certo; chame take_message só depois do sim.",
        };
      if (!tools.takeMessage)
        return {
          isError: true,
          content: `Não é possível anotar recados agora. Diga: "${CALLBACK_LINES.failed}", despeça-se e chame end_call.`,
        };
      const text = messageText({ name: input.name, subject: input.subject, number });
      try {
        await tools.takeMessage(ctx.toolUseId, text);
      } catch (error) {
        if (!(error instanceof ToolError)) throw error;
        return { isError: true, content: `Não anotado: ${error.message}` };
      }
      return {
        content:
          "Recado anotado. Diga que a equipe vai retornar assim que possível, despeça-se e chame end_call.",
        events: [
          { type: "data", key: CALLBACK_DATA.name, value: input.name },
          { type: "data", key: CALLBACK_DATA.subject, value: input.subject },
          { type: "data", key: CALLBACK_DATA.number, value: number },
        ],
        outcome: `Recado anotado: ${text}`,
      };
    },
  });
}

/** The mode a Claude session runs on for a caller back from a transfer nobody answered. */
export function callbackMode(call: CallInfo, tools: AgentTools, k: AgentKnowledge): ClaudeMode {
  const endCall = TOOLS.find((t) => t.name === "end_call");
  return {
    system: buildCallbackPrompt(k, call),
    opening: [CALLBACK_LINES.opening],
    greetEvents: [],
    // end_call stays last: the tools' cache breakpoint is on the last one.
    tools: [takeMessageTool(tools), ...(endCall ? [endCall] : [])],
    seen: { appointments: [], clients: call.knownClient ? [call.knownClient] : [] },
    fallback: () => startOfflineCallback(call, tools),
  };
}
