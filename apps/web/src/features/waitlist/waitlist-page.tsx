import type { WaitlistStatus } from "@atende/shared/enums";
import {
  ANY_ESTABLISHMENT_LABEL,
  ANY_PROFESSIONAL_LABEL,
  DAY_PART_LABELS,
  WAITLIST_STATUS_LABELS,
  type WaitlistEntry,
} from "@atende/shared/schemas/waitlist";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Plus, Trash2, X } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardHeader, CardTitle } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { brOfIsoDate } from "../../components/ui/date-time-input";
import { IconButton } from "../../components/ui/icon-button";
import { PageHeader } from "../../components/ui/page-header";
import { CardListSkeleton } from "../../components/ui/skeleton";
import { EmptyState, ErrorState } from "../../components/ui/states";
import { serverMessageOf } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";
import { WaitlistFormDialog } from "./waitlist-form-dialog";
import { WaitlistSettingsForm } from "./waitlist-settings";

const STATUS_TONES: Record<WaitlistStatus, "neutral" | "teal" | "blue" | "amber" | "green"> = {
  WAITING: "amber",
  OFFERED: "blue",
  BOOKED: "green",
  CANCELLED: "neutral",
  EXPIRED: "neutral",
};

interface Group {
  key: string;
  title: string;
  entries: WaitlistEntry[];
}

/** The wishes per professional, by name, the "any professional" ones last; each group oldest first. */
function groupByProfessional(entries: readonly WaitlistEntry[]): Group[] {
  const groups = new Map<string, Group>();
  for (const entry of entries) {
    const key = entry.professionalId ?? "";
    const title = entry.professionalName ?? ANY_PROFESSIONAL_LABEL;
    const group = groups.get(key) ?? { key, title, entries: [] };
    group.entries.push(entry);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) =>
    a.key === "" ? 1 : b.key === "" ? -1 : a.title.localeCompare(b.title, "pt-BR"),
  );
}

/** /dashboard/agendas/lista-espera (issue 23 part 4; docs/decisions/0046-waitlist.md). */
export function WaitlistPage() {
  const trpc = useTRPC();
  // Offers are made and expire in the background: the page looks again every half minute.
  const list = useQuery(trpc.waitlist.list.queryOptions(undefined, { refetchInterval: 30_000 }));
  const [adding, setAdding] = useState(false);
  const groups = useMemo(() => groupByProfessional(list.data ?? []), [list.data]);

  return (
    <>
      <PageHeader
        title="Lista de Espera"
        subtitle="Pacientes aguardando um horário, por profissional"
        action={
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Adicionar à lista de espera
          </Button>
        }
      />
      <WaitlistSettingsForm />
      {list.isPending ? (
        <CardListSkeleton label="Carregando lista de espera..." />
      ) : list.isError ? (
        <ErrorState
          message={`Erro ao carregar a lista de espera: ${list.error.message}`}
          onRetry={() => void list.refetch()}
        />
      ) : groups.length === 0 ? (
        <EmptyState message="Nenhum paciente na lista de espera. Quando um horário desejado estiver ocupado, adicione o paciente aqui." />
      ) : (
        <div className="flex flex-col gap-6">
          {groups.map((group) => (
            <section
              key={group.key}
              aria-labelledby={`espera-${group.key || "qualquer"}`}
              className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
            >
              <h2
                id={`espera-${group.key || "qualquer"}`}
                className="mb-4 text-lg font-semibold break-words text-slate-900"
              >
                {group.title}{" "}
                <span className="text-sm font-normal text-slate-600">({group.entries.length})</span>
              </h2>
              <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                {group.entries.map((entry) => (
                  <li key={entry.id}>
                    <WaitlistCard entry={entry} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      <WaitlistFormDialog open={adding} onOpenChange={setAdding} />
    </>
  );
}

function WaitlistCard({ entry }: { entry: WaitlistEntry }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.waitlist.remove.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.waitlist.list.pathKey() });
        setConfirming(false);
        toast.success("Paciente removido da lista de espera");
      },
      onError: (error) => toast.error(serverMessageOf(error) ?? "Erro ao remover da lista de espera."),
    }),
  );
  return (
    <Card aria-label={entry.clientName} className="h-full">
      <CardHeader>
        <CardTitle className="break-words">{entry.clientName}</CardTitle>
        <div className="-mt-2 -mr-2 flex shrink-0">
          <IconButton label="Remover da lista de espera" icon={Trash2} onClick={() => setConfirming(true)} />
        </div>
      </CardHeader>
      <div className="mb-2">
        <Badge tone={STATUS_TONES[entry.status]}>{WAITLIST_STATUS_LABELS[entry.status]}</Badge>
      </div>
      <dl className="flex flex-col gap-1 text-sm text-slate-700">
        <div className="flex flex-wrap gap-1">
          <dt className="text-slate-600">Serviço:</dt>
          <dd className="min-w-0 break-words">{entry.offeredServiceName}</dd>
        </div>
        <div className="flex flex-wrap gap-1">
          <dt className="text-slate-600">Período:</dt>
          <dd>
            {entry.fromDate === entry.untilDate
              ? brOfIsoDate(entry.fromDate)
              : `${brOfIsoDate(entry.fromDate)} a ${brOfIsoDate(entry.untilDate)}`}
          </dd>
        </div>
        <div className="flex flex-wrap gap-1">
          <dt className="text-slate-600">Horário:</dt>
          <dd>{DAY_PART_LABELS[entry.dayPart]}</dd>
        </div>
        <div className="flex flex-wrap gap-1">
          <dt className="text-slate-600">Local:</dt>
          <dd className="min-w-0 break-words">{entry.establishmentName ?? ANY_ESTABLISHMENT_LABEL}</dd>
        </div>
        {entry.offerByCall && (
          <div className="flex flex-wrap gap-1">
            <dt className="text-slate-600">Aviso:</dt>
            <dd>por ligação do agente</dd>
          </div>
        )}
      </dl>
      {entry.notes && <p className="text-sm break-words whitespace-pre-line text-slate-600">{entry.notes}</p>}
      {entry.offer && <OfferPanel entry={entry} offer={entry.offer} />}
      {entry.status === "BOOKED" && entry.appointmentId && (
        <p className="mt-2 text-sm font-medium text-emerald-800">
          Agendado a partir de uma oferta da lista de espera.
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remover da lista de espera?"
        description={`O pedido de ${entry.clientName} (${entry.offeredServiceName}) será removido da lista de espera.`}
        confirmLabel="Remover"
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ id: entry.id })}
      />
    </Card>
  );
}

const clockOf = (wire: string) => wire.slice(11, 16);

/**
 * The open offer of a wish (docs/decisions/0046-waitlist.md): the held slot, until when, and the staff's answer for
 * the client. Without a channel the clinic tells the client itself; 'Aceitar' books the slot through the booking
 * rules, 'Recusar' passes it to the next matching wish.
 */
function OfferPanel({ entry, offer }: { entry: WaitlistEntry; offer: NonNullable<WaitlistEntry["offer"]> }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.waitlist.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.appointments.pathKey() }),
    ]);
  };
  const failed = async (error: unknown, fallback: string) => {
    toast.error(serverMessageOf(error) ?? fallback);
    await refresh();
  };
  const accept = useMutation(
    trpc.waitlist.acceptOffer.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success(`Horário agendado para ${entry.clientName}`);
      },
      onError: (error) => failed(error, "Erro ao aceitar a oferta."),
    }),
  );
  const decline = useMutation(
    trpc.waitlist.declineOffer.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success("Oferta recusada: o horário vai para o próximo da lista");
      },
      onError: (error) => failed(error, "Erro ao recusar a oferta."),
    }),
  );
  const pending = accept.isPending || decline.isPending;
  return (
    <section
      aria-label={`Oferta para ${entry.clientName}`}
      className="mt-3 flex flex-col gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950"
    >
      <p className="font-semibold">Horário oferecido</p>
      <p>
        {brOfIsoDate(offer.startsAt.slice(0, 10))}, {clockOf(offer.startsAt)} - {clockOf(offer.endsAt)} com{" "}
        {offer.professionalName} ({offer.establishmentName})
      </p>
      <p>Reservado até {clockOf(offer.expiresAt)}</p>
      {offer.sentVia === "STAFF" || offer.sentVia === null ? (
        <p className="text-sky-900">
          Nenhum envio automático: avise o paciente e registre a resposta aqui antes do prazo.
        </p>
      ) : (
        <p className="text-sky-900">
          {offer.sentVia === "CALL"
            ? "O agente ligou para o paciente."
            : offer.sentVia === "WHATSAPP"
              ? "Enviada ao paciente por WhatsApp."
              : `Enviada ao paciente (${offer.sentVia}).`}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={pending} onClick={() => accept.mutate({ id: offer.id })}>
          <Check aria-hidden="true" />
          Aceitar
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={pending}
          onClick={() => decline.mutate({ id: offer.id })}
        >
          <X aria-hidden="true" />
          Recusar
        </Button>
      </div>
    </section>
  );
}
