import { formatPhone } from "@atende/shared/phone-format";
import type { Professional } from "@atende/shared/schemas/professionals";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarSync, Mail, Pencil, Phone, Plus, Trash2 } from "lucide-react";
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
import { CalendarSyncDialog } from "./calendar-sync-dialog";
import { ProfessionalFormDialog } from "./professional-form-dialog";

/** /dashboard/profissionais (spec 001 §2 'Professionals'). */
export function ProfessionalsPage() {
  const trpc = useTRPC();
  const list = useQuery(trpc.professionals.list.queryOptions());
  const [editing, setEditing] = useState<{ professional: Professional | null } | null>(null);
  const [deleting, setDeleting] = useState<Professional | null>(null);
  const [syncing, setSyncing] = useState<Professional | null>(null);

  return (
    <>
      <PageHeader
        title="Profissionais"
        action={
          <Button onClick={() => setEditing({ professional: null })}>
            <Plus aria-hidden="true" />
            Novo Profissional
          </Button>
        }
      />
      {list.isPending ? (
        <CardListSkeleton label="Carregando profissionais..." />
      ) : list.isError ? (
        <ErrorState
          message={`Erro ao carregar profissionais: ${list.error.message}`}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.length === 0 ? (
        <EmptyState message="Nenhum profissional cadastrado ainda" />
      ) : (
        <ul className={CARD_GRID}>
          {list.data.map((professional) => (
            <li key={professional.id} className="min-w-0">
              <ProfessionalCard
                professional={professional}
                onEdit={() => setEditing({ professional })}
                onDelete={() => setDeleting(professional)}
                onCalendarSync={() => setSyncing(professional)}
              />
            </li>
          ))}
        </ul>
      )}
      <ProfessionalFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        professional={editing?.professional ?? null}
      />
      <DeleteProfessional professional={deleting} onClose={() => setDeleting(null)} />
      <CalendarSyncDialog
        professional={syncing}
        onOpenChange={(open) => !open && setSyncing(null)}
        onEditProfessional={(professional) => {
          setSyncing(null);
          setEditing({ professional });
        }}
      />
    </>
  );
}

function ProfessionalCard({
  professional,
  onEdit,
  onDelete,
  onCalendarSync,
}: {
  professional: Professional;
  onEdit: () => void;
  onDelete: () => void;
  onCalendarSync: () => void;
}) {
  return (
    <Card aria-label={professional.name}>
      <CardHeader>
        <div className="min-w-0 flex-[1_1_10rem]">
          <CardTitle>{professional.name}</CardTitle>
          <p className="text-sm text-slate-600">{professional.specialty}</p>
        </div>
        <div className="-mt-2 -mr-2 flex shrink-0">
          <IconButton label="Sincronizar Google Calendar" icon={CalendarSync} onClick={onCalendarSync} />
          <IconButton label="Editar" icon={Pencil} onClick={onEdit} />
          <IconButton label="Excluir" icon={Trash2} onClick={onDelete} />
        </div>
      </CardHeader>
      <dl className="flex flex-col gap-1 text-sm text-slate-700">
        {professional.registration && (
          <div className="flex gap-1">
            <dt className="text-slate-500">Registro:</dt>
            <dd className="min-w-0 break-words">{professional.registration}</dd>
          </div>
        )}
        {professional.phoneNumber && (
          <div className="flex items-center gap-2">
            <dt>
              <Phone aria-label="Telefone" className="size-4 text-slate-500" />
            </dt>
            <dd>{formatPhone(professional.phoneNumber)}</dd>
          </div>
        )}
        {professional.email && (
          <div className="flex items-center gap-2">
            <dt>
              <Mail aria-label="E-mail" className="size-4 text-slate-500" />
            </dt>
            <dd className="min-w-0 break-all">{professional.email}</dd>
          </div>
        )}
      </dl>
      {professional.acceptedHealthInsurances && professional.acceptedHealthInsurances.length > 0 && (
        <ul aria-label="Convênios aceitos" className="flex flex-wrap gap-1.5">
          {professional.acceptedHealthInsurances.map((name) => (
            <li key={name}>
              <Badge tone="teal">{name}</Badge>
            </li>
          ))}
        </ul>
      )}
      {professional.observations && (
        <p className="text-sm break-words whitespace-pre-line text-slate-600">{professional.observations}</p>
      )}
    </Card>
  );
}

function DeleteProfessional({
  professional,
  onClose,
}: {
  professional: Professional | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.professionals.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.professionals.list.queryKey() });
        toast.success("Profissional removido");
        onClose();
      },
      onError: (error) => {
        toast.error(serverMessageOf(error) ?? "Erro ao remover profissional.");
        onClose();
      },
    }),
  );
  return (
    <ConfirmDialog
      open={professional !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Excluir profissional?"
      description={`O profissional "${professional?.name ?? ""}" será removido.`}
      confirmLabel="Excluir"
      pending={remove.isPending}
      onConfirm={() => professional && remove.mutate({ id: professional.id })}
    />
  );
}
