import { formatDayMonthTime } from "@atende/shared/format";
import { formatPhone } from "@atende/shared/phone-format";
import { type ConversationListItem, conversationActionLabel } from "@atende/shared/schemas/conversations";
import { CALLBACK_MESSAGE_LABEL } from "@atende/shared/schemas/live-calls";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Clock, ExternalLink, Eye, MapPin, Phone } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardHeader, CardTitle } from "../../components/ui/card";
import { CARD_GRID } from "../../components/ui/card-grid";
import { Dialog, DialogContent, DialogFooter } from "../../components/ui/dialog";
import { PageHeader } from "../../components/ui/page-header";
import { SearchInput } from "../../components/ui/search-input";
import { CardListSkeleton } from "../../components/ui/skeleton";
import { ErrorState } from "../../components/ui/states";
import { useTRPC } from "../../lib/trpc";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import {
  ConfirmationOutcomeBadge,
  ConversationOriginBadge,
  ConversationStatusBadge,
  callerName,
  formatCallDuration,
} from "./conversation-labels";
import { ConversationLoader } from "./conversation-loader";
import { LiveCallsSection } from "./live-calls";

/** spec 001 §9: the call history's search waits for a 500 ms pause in typing. */
const SEARCH_PAUSE_MS = 500;

/** /dashboard/atendimentos (spec 001 §2 "Call history"). */
export function ConversationsPage() {
  const trpc = useTRPC();
  const [search, setSearch] = useState("");
  const term = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  // An empty search asks for the whole list again (spec 001 §2).
  const list = useQuery(
    trpc.conversations.list.queryOptions(term ? { search: term } : {}, { placeholderData: keepPreviousData }),
  );
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <>
      <PageHeader title="Atendimentos" subtitle="Histórico de ligações atendidas pelo seu agente" />
      <LiveCallsSection onOpen={setOpenId} />
      <section
        aria-labelledby="lista-atendimentos"
        className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
      >
        <h2 id="lista-atendimentos" className="mb-4 text-lg font-semibold text-slate-900">
          Histórico de Atendimentos
        </h2>
        <SearchInput
          label="Buscar atendimentos"
          placeholder="Buscar por nome, telefone ou resumo..."
          value={search}
          onChange={setSearch}
          className="mb-4"
        />
        {list.isPending ? (
          <CardListSkeleton label="Carregando atendimentos..." />
        ) : list.isError ? (
          <ErrorState
            message={`Erro ao carregar conversações: ${list.error.message}`}
            onRetry={() => void list.refetch()}
          />
        ) : list.data.length === 0 ? (
          <div className="flex flex-col items-center gap-1 rounded-xl border border-dashed border-slate-300 px-4 py-12 text-center">
            <p className="font-medium text-slate-800">Nenhum atendimento encontrado</p>
            {!term && <p className="text-sm text-slate-600">Nenhuma conversação foi realizada ainda</p>}
          </div>
        ) : (
          <ul className={CARD_GRID}>
            {list.data.map((conversation) => (
              <li key={conversation.id} className="min-w-0">
                <ConversationCard conversation={conversation} onOpen={() => setOpenId(conversation.id)} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <Dialog open={openId !== null} onOpenChange={(open) => !open && setOpenId(null)}>
        <DialogContent title="Detalhes do Atendimento" className="max-w-2xl">
          {openId && (
            <>
              <ConversationLoader id={openId} />
              <DialogFooter>
                <Button variant="secondary" asChild>
                  <a href={`/dashboard/atendimentos/${openId}`} target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden="true" />
                    Nova Aba
                    <span className="sr-only"> (abre em uma nova aba)</span>
                  </a>
                </Button>
              </DialogFooter>
            </>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

function ConversationCard({
  conversation,
  onOpen,
}: {
  conversation: ConversationListItem;
  onOpen: () => void;
}) {
  const name = callerName(conversation);
  const duration = formatCallDuration(conversation.duration);
  return (
    <Card aria-label={name} className="h-full">
      <CardHeader>
        <CardTitle>{name}</CardTitle>
        <ConversationStatusBadge status={conversation.status} />
      </CardHeader>
      <div className="flex flex-wrap gap-2">
        <ConversationOriginBadge origin={conversation.origin} />
        <ConfirmationOutcomeBadge outcome={conversation.confirmationOutcome} />
        {conversation.isTest && <Badge tone="amber">Teste</Badge>}
        {conversation.callbackMessage && <Badge tone="amber">{CALLBACK_MESSAGE_LABEL}</Badge>}
        {conversation.actionType && (
          <Badge tone="teal">{conversationActionLabel(conversation.actionType)}</Badge>
        )}
      </div>
      <dl className="flex flex-col gap-1 text-sm text-slate-700">
        <div className="flex items-center gap-2">
          <dt>
            <Clock aria-label="Data" className="size-4 text-slate-500" />
          </dt>
          <dd>
            <time dateTime={conversation.startedAt}>{formatDayMonthTime(conversation.startedAt)}</time>
            {duration && ` · ${duration}`}
          </dd>
        </div>
        {conversation.phoneNumber && conversation.clientName && (
          <div className="flex items-center gap-2">
            <dt>
              <Phone aria-label="Telefone" className="size-4 text-slate-500" />
            </dt>
            <dd>{formatPhone(conversation.phoneNumber)}</dd>
          </div>
        )}
        {conversation.establishmentName && (
          <div className="flex items-center gap-2">
            <dt>
              <MapPin aria-label="Local" className="size-4 text-slate-500" />
            </dt>
            <dd className="min-w-0 break-words">{conversation.establishmentName}</dd>
          </div>
        )}
      </dl>
      {conversation.summary && (
        <p className="line-clamp-3 text-sm break-words text-slate-600">{conversation.summary}</p>
      )}
      <div className="mt-auto pt-1">
        <Button variant="secondary" size="sm" onClick={onOpen} aria-label={`Ver Detalhes de ${name}`}>
          <Eye aria-hidden="true" />
          Ver Detalhes
        </Button>
      </div>
    </Card>
  );
}
