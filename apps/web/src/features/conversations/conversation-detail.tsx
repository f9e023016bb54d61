import { formatDateTime, formatDayMonthTime } from "@atende/shared/format";
import { formatPhone } from "@atende/shared/phone-format";
import { CALL_MESSAGES } from "@atende/shared/schemas/calls";
import {
  AGENT_SENDER,
  type ConversationDetail as Conversation,
  type ConversationMessage,
  conversationActionLabel,
  LATENCY_LABELS,
} from "@atende/shared/schemas/conversations";
import type { ReactNode } from "react";
import { Badge } from "../../components/ui/badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { cn } from "../../lib/cn";
import {
  ConfirmationOutcomeBadge,
  ConversationOriginBadge,
  ConversationStatusBadge,
  callerName,
  formatCallDuration,
} from "./conversation-labels";
import { LatencyView } from "./latency-view";
import { CallbackMessage, LiveTranscriptView } from "./live-calls";
import { RecordingPlayer } from "./recording-player";

/**
 * A call's detail (spec 001 §2 "Call history"): what the dialog and the full page both show. Tabs Resumo, Conversa
 * and Dados, plus 'Latência' (issue #9: each caller turn's timings, decision 0022).
 */
export function ConversationDetail({ conversation }: { conversation: Conversation }) {
  const duration = formatCallDuration(conversation.duration);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <ConversationStatusBadge status={conversation.status} />
        <ConversationOriginBadge origin={conversation.origin} />
        <ConfirmationOutcomeBadge outcome={conversation.confirmationOutcome} />
        {conversation.isTest && <Badge tone="amber">Teste</Badge>}
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Item label="Cliente">{callerName(conversation)}</Item>
        {conversation.phoneNumber && <Item label="Telefone">{formatPhone(conversation.phoneNumber)}</Item>}
        <Item label="Início">{formatDateTime(conversation.startedAt)}</Item>
        {duration && <Item label="Duração">{duration}</Item>}
        {conversation.establishmentName && <Item label="Local">{conversation.establishmentName}</Item>}
        {conversation.transferredTo && <Item label="Transferida para">{conversation.transferredTo}</Item>}
      </dl>
      {conversation.status === "ACTIVE" && <LiveTranscriptView callId={conversation.id} />}
      {conversation.callbackMessage && <CallbackMessage message={conversation.callbackMessage} />}
      {conversation.hasRecording && <RecordingPlayer conversationId={conversation.id} />}
      {conversation.recordingFailed && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {CALL_MESSAGES.recordingFailed}
        </p>
      )}

      <Tabs defaultValue="resumo">
        <TabsList aria-label="Detalhes do atendimento">
          <TabsTrigger value="resumo">Resumo</TabsTrigger>
          <TabsTrigger value="conversa">Conversa</TabsTrigger>
          <TabsTrigger value="dados">Dados</TabsTrigger>
          <TabsTrigger value="latencia">{LATENCY_LABELS.tab}</TabsTrigger>
        </TabsList>
        <TabsContent value="resumo" className="flex flex-col gap-5">
          <SummaryTab conversation={conversation} />
        </TabsContent>
        <TabsContent value="conversa">
          <Messages messages={conversation.messages} />
        </TabsContent>
        <TabsContent value="dados">
          <CollectedData data={conversation.collectedData} />
        </TabsContent>
        <TabsContent value="latencia">
          <LatencyView latency={conversation.latency} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-1.5">
      <dt className="shrink-0 text-slate-500">{label}:</dt>
      <dd className="min-w-0 break-words text-slate-800">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function SummaryTab({ conversation }: { conversation: Conversation }) {
  const { client, statistics } = conversation;
  return (
    <>
      <Section title="Resumo">
        <p className="text-sm break-words whitespace-pre-line text-slate-700">
          {conversation.summary ?? "Nenhum resumo disponível."}
        </p>
      </Section>
      <Section title="Ações Realizadas">
        {conversation.actions.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhuma ação realizada.</p>
        ) : (
          <ol className="flex flex-col gap-1.5 text-sm">
            {conversation.actions.map((action) => (
              <li
                key={`${action.timestamp}-${action.actionType}`}
                className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-lg bg-slate-50 px-3 py-2"
              >
                <span className="min-w-0 font-medium break-words text-slate-800">
                  {conversationActionLabel(action.actionType)}
                </span>
                <time dateTime={action.timestamp} className="text-xs text-slate-600">
                  {formatDayMonthTime(action.timestamp)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </Section>
      <Section title="Dados do Cliente">
        <dl className="flex flex-col gap-1 text-sm">
          <Item label="Nome">{client.name ?? "Não informado"}</Item>
          <Item label="Telefone">
            {client.phoneNumber ? formatPhone(client.phoneNumber) : "Não informado"}
          </Item>
          <Item label="E-mail">{client.email ?? "Não informado"}</Item>
        </dl>
      </Section>
      <Section title="Estatísticas">
        <dl className="grid grid-cols-3 gap-2 text-center">
          <Statistic label="Mensagens" value={statistics.totalMessages} />
          <Statistic label="Ações" value={statistics.totalActions} />
          <Statistic label="Dados coletados" value={statistics.dataPointsCollected} />
        </dl>
      </Section>
    </>
  );
}

function Statistic({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col-reverse rounded-lg bg-slate-50 px-2 py-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-xl font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

const SENDER_NAMES: Readonly<Record<ConversationMessage["sender"], string>> = {
  AGENT: "IA",
  CALLER: "Cliente",
  SYSTEM: "Sistema",
};

/** spec 001 §2: the history in a scroll area 64 units high, bubbles at most 70% wide, 'IA' set apart. */
function Messages({ messages }: { messages: Conversation["messages"] }) {
  if (messages.length === 0) return <p className="text-sm text-slate-600">Nenhuma mensagem registrada.</p>;
  return (
    <ol
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll area must take focus so a keyboard can scroll it
      tabIndex={0}
      aria-label="Mensagens da conversa"
      className="flex h-64 flex-col gap-3 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-3 focus-visible:outline-2 focus-visible:outline-teal-600"
    >
      {messages.map((message, index) => {
        const fromAgent = message.sender === AGENT_SENDER;
        const system = message.sender === "SYSTEM";
        return (
          <li
            // Messages have no id; their order never changes.
            // biome-ignore lint/suspicious/noArrayIndexKey: a call's messages are an append-only, ordered list
            key={index}
            className={cn("flex", fromAgent ? "justify-start" : system ? "justify-center" : "justify-end")}
          >
            <div
              className={cn(
                "max-w-[70%] min-w-0 rounded-2xl px-3 py-2 text-sm shadow-sm",
                fromAgent && "rounded-bl-sm bg-teal-700 text-white",
                !fromAgent && !system && "rounded-br-sm border border-slate-200 bg-white text-slate-800",
                system && "bg-slate-200 text-slate-700 italic",
              )}
            >
              <p className="flex items-baseline justify-between gap-3 text-xs font-semibold">
                <span>{SENDER_NAMES[message.sender]}</span>
                <time
                  dateTime={message.timestamp}
                  className={cn("font-normal", fromAgent ? "text-teal-50" : "text-slate-600")}
                >
                  {formatDayMonthTime(message.timestamp)}
                </time>
              </p>
              <p className="mt-1 break-words whitespace-pre-line">{message.content}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function CollectedData({ data }: { data: Conversation["collectedData"] }) {
  const entries = Object.entries(data);
  if (entries.length === 0) return <p className="text-sm text-slate-600">Nenhum dado coletado.</p>;
  return (
    <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
      {entries.map(([key, value]) => (
        <div key={key} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:gap-4">
          <dt className="font-medium break-words text-slate-600 sm:w-1/3">{key}</dt>
          <dd className="min-w-0 break-words whitespace-pre-line text-slate-900 sm:flex-1">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
