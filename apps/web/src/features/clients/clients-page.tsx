import { formatDocument, formatPhone } from "@atende/shared/phone-format";
import type { Client } from "@atende/shared/schemas/clients";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Mail, Pencil, Phone, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/button";
import { Card, CardHeader, CardTitle } from "../../components/ui/card";
import { IconButton } from "../../components/ui/icon-button";
import { PageHeader } from "../../components/ui/page-header";
import { SearchInput } from "../../components/ui/search-input";
import { CardListSkeleton } from "../../components/ui/skeleton";
import { EmptyState, ErrorState } from "../../components/ui/states";
import { VirtualCardGrid } from "../../components/ui/virtual-card-grid";
import { serverMessageOf } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { ClientContactSwitch } from "./client-contact-switch";
import { ClientFormDialog } from "./client-form-dialog";
import { ClientLgpdActions } from "./client-lgpd-actions";
import { usePetShop } from "./use-pet-shop";

/** How long typing must pause before the search runs. */
const SEARCH_PAUSE_MS = 300;

/** /dashboard/pacientes (spec 001 §2 'Patients'). */
export function ClientsPage() {
  const trpc = useTRPC();
  const [search, setSearch] = useState("");
  const term = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  const list = useQuery(
    trpc.clients.list.queryOptions(term ? { search: term } : undefined, {
      placeholderData: keepPreviousData,
    }),
  );
  const [editing, setEditing] = useState<{ client: Client | null } | null>(null);

  return (
    <>
      <PageHeader
        title="Pacientes"
        subtitle="Gerencie o cadastro de seus pacientes"
        action={
          <Button onClick={() => setEditing({ client: null })}>
            <Plus aria-hidden="true" />
            Novo Paciente
          </Button>
        }
      />
      <section
        aria-labelledby="lista-pacientes"
        className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
      >
        <h2 id="lista-pacientes" className="mb-4 text-lg font-semibold text-slate-900">
          Lista de Pacientes
        </h2>
        <SearchInput
          label="Buscar pacientes"
          placeholder="Buscar por nome, CPF ou telefone..."
          value={search}
          onChange={setSearch}
          className="mb-4"
        />
        {list.isPending ? (
          <CardListSkeleton label="Carregando pacientes..." />
        ) : list.isError ? (
          <ErrorState
            message={`Erro ao carregar pacientes: ${list.error.message}`}
            onRetry={() => void list.refetch()}
          />
        ) : list.data.length === 0 ? (
          <EmptyState message={term ? "Nenhum paciente encontrado" : "Nenhum paciente cadastrado ainda"} />
        ) : (
          <VirtualCardGrid
            label="Pacientes"
            items={list.data}
            getKey={(client) => client.id}
            renderItem={(client) => <ClientCard client={client} onEdit={() => setEditing({ client })} />}
          />
        )}
      </section>
      <ClientFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        client={editing?.client ?? null}
      />
    </>
  );
}

function ClientCard({ client, onEdit }: { client: Client; onEdit: () => void }) {
  const trpc = useTRPC();
  const petShop = usePetShop();
  const queryClient = useQueryClient();
  // spec 001 §2: a client's delete acts at once, with no confirmation.
  const remove = useMutation(
    trpc.clients.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.clients.list.pathKey() });
        toast.success("Paciente removido");
      },
      onError: (error) => toast.error(serverMessageOf(error) ?? "Erro ao remover paciente."),
    }),
  );
  return (
    <Card aria-label={client.fullName} className="h-full">
      <CardHeader>
        <CardTitle>{client.fullName}</CardTitle>
        <div className="-mt-2 -mr-2 flex shrink-0">
          <IconButton label="Editar" icon={Pencil} onClick={onEdit} />
          <IconButton
            label="Excluir"
            icon={Trash2}
            disabled={remove.isPending}
            onClick={() => remove.mutate({ id: client.id })}
          />
          <ClientLgpdActions client={client} />
        </div>
      </CardHeader>
      <dl className="flex flex-col gap-1 text-sm text-slate-700">
        {petShop && client.petName && (
          <div className="flex gap-1">
            <dt className="text-slate-500">Pet:</dt>
            <dd className="min-w-0 break-words">
              {client.petName}
              {client.petSpecies && ` (${client.petSpecies})`}
            </dd>
          </div>
        )}
        {client.documentNumber && (
          <div className="flex gap-1">
            <dt className="text-slate-500">CPF:</dt>
            <dd>{formatDocument(client.documentNumber)}</dd>
          </div>
        )}
        {/* An erased client (LGPD) has no number left. */}
        {client.phoneNumber && (
          <div className="flex items-center gap-2">
            <dt>
              <Phone aria-label="Telefone" className="size-4 text-slate-500" />
            </dt>
            <dd>{formatPhone(client.phoneNumber)}</dd>
          </div>
        )}
        {client.email && (
          <div className="flex items-center gap-2">
            <dt>
              <Mail aria-label="E-mail" className="size-4 text-slate-500" />
            </dt>
            <dd className="min-w-0 break-all">{client.email}</dd>
          </div>
        )}
        {client.healthInsuranceProvider && (
          <div className="flex gap-1">
            <dt className="text-slate-500">Convênio:</dt>
            <dd className="min-w-0 break-words">
              {client.healthInsuranceProvider}
              {client.healthInsuranceNumber && ` · ${client.healthInsuranceNumber}`}
            </dd>
          </div>
        )}
      </dl>
      {client.observations && (
        <p className="text-sm break-words whitespace-pre-line text-slate-600">{client.observations}</p>
      )}
      {client.phoneNumber && <ClientContactSwitch client={client} />}
    </Card>
  );
}
