import { PARKING_TYPE_LABELS } from "@atende/shared/catalogue-constants";
import type { Establishment } from "@atende/shared/schemas/establishments";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MapPin, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardHeader, CardTitle } from "../../components/ui/card";
import { CARD_GRID } from "../../components/ui/card-grid";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { IconButton } from "../../components/ui/icon-button";
import { PageHeader } from "../../components/ui/page-header";
import { CardListSkeleton } from "../../components/ui/skeleton";
import { EmptyState, ErrorState } from "../../components/ui/states";
import { serverMessageOf } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";
import { EstablishmentFormDialog } from "./establishment-form-dialog";

/** /dashboard/local-atendimento (spec 001 §2 'Care locations'). */
export function EstablishmentsPage() {
  const trpc = useTRPC();
  const list = useQuery(trpc.establishments.list.queryOptions());
  const [editing, setEditing] = useState<{ establishment: Establishment | null } | null>(null);
  const [deleting, setDeleting] = useState<Establishment | null>(null);

  return (
    <>
      <PageHeader
        title="Locais de Atendimento"
        subtitle="Gerencie seus locais de atendimento"
        action={
          <Button onClick={() => setEditing({ establishment: null })}>
            <Plus aria-hidden="true" />
            Novo Local
          </Button>
        }
      />
      {list.isPending ? (
        <CardListSkeleton label="Carregando locais..." />
      ) : list.isError ? (
        <ErrorState
          message={`Erro ao carregar locais: ${list.error.message}`}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.length === 0 ? (
        <EmptyState message="Nenhum local cadastrado ainda" />
      ) : (
        <ul className={CARD_GRID}>
          {list.data.map((establishment) => (
            <li key={establishment.id} className="min-w-0">
              <EstablishmentCard
                establishment={establishment}
                onEdit={() => setEditing({ establishment })}
                onDelete={() => setDeleting(establishment)}
              />
            </li>
          ))}
        </ul>
      )}
      <EstablishmentFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        establishment={editing?.establishment ?? null}
      />
      <DeleteEstablishment establishment={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function EstablishmentCard({
  establishment,
  onEdit,
  onDelete,
}: {
  establishment: Establishment;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card aria-label={establishment.name}>
      <CardHeader>
        <CardTitle>{establishment.name}</CardTitle>
        <div className="-mt-2 -mr-2 flex shrink-0">
          <IconButton label="Editar" icon={Pencil} onClick={onEdit} />
          <IconButton label="Excluir" icon={Trash2} onClick={onDelete} />
        </div>
      </CardHeader>
      <p className="flex items-start gap-2 text-sm break-words text-slate-700">
        <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
        <span className="min-w-0">{establishment.address}</span>
      </p>
      {(establishment.parkingType || establishment.hasAccessibility) && (
        <div className="flex flex-wrap gap-2">
          {establishment.hasParking && establishment.parkingType && (
            <Badge tone="blue">{PARKING_TYPE_LABELS[establishment.parkingType]}</Badge>
          )}
          {establishment.hasAccessibility && <Badge tone="green">Acessível</Badge>}
        </div>
      )}
      {establishment.description && (
        <p className="text-sm break-words whitespace-pre-line text-slate-600">{establishment.description}</p>
      )}
    </Card>
  );
}

function DeleteEstablishment({
  establishment,
  onClose,
}: {
  establishment: Establishment | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.establishments.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.establishments.list.queryKey() });
        toast.success("Local removido");
        onClose();
      },
      // spec 001 §8: 'Erro ao remover local' (or the server message, e.g. the 409 of a future appointment).
      onError: (error) => {
        toast.error(serverMessageOf(error) ?? "Erro ao remover local");
        onClose();
      },
    }),
  );
  return (
    <ConfirmDialog
      open={establishment !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Excluir local?"
      description={`O local "${establishment?.name ?? ""}" será removido.`}
      confirmLabel="Excluir"
      pending={remove.isPending}
      onConfirm={() => establishment && remove.mutate({ id: establishment.id })}
    />
  );
}
