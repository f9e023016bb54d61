import { formatServicePrice, MODALITY_LABELS } from "@atende/shared/catalogue-constants";
import { NOT_FOUND } from "@atende/shared/messages";
import type { OfferedService } from "@atende/shared/schemas/offered-services";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Clock, Pencil, Plus, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
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
import { type Choice, OfferedServiceFormDialog } from "./offered-service-form-dialog";

/** /dashboard/servicos (spec 001 §2 'Offered services'). */
export function OfferedServicesPage() {
  const trpc = useTRPC();
  const list = useQuery(trpc.offeredServices.list.queryOptions());
  const establishments = useQuery(trpc.establishments.list.queryOptions());
  const professionals = useQuery(trpc.professionals.list.queryOptions());
  const [editing, setEditing] = useState<{ service: OfferedService | null } | null>(null);
  const [deleting, setDeleting] = useState<OfferedService | null>(null);

  const establishmentChoices = useMemo<Choice[]>(
    () => (establishments.data ?? []).map((e) => ({ value: e.id, label: e.name })),
    [establishments.data],
  );
  const professionalChoices = useMemo<Choice[]>(
    () => (professionals.data ?? []).map((p) => ({ value: p.id, label: p.name })),
    [professionals.data],
  );
  const names = useMemo(
    () => ({
      establishment: new Map(establishmentChoices.map((c) => [c.value, c.label])),
      professional: new Map(professionalChoices.map((c) => [c.value, c.label])),
    }),
    [establishmentChoices, professionalChoices],
  );

  return (
    <>
      <PageHeader
        title="Serviços"
        action={
          <Button onClick={() => setEditing({ service: null })}>
            <Plus aria-hidden="true" />
            Novo Serviço
          </Button>
        }
      />
      {list.isPending ? (
        <CardListSkeleton label="Carregando serviços..." />
      ) : list.isError ? (
        <ErrorState
          message={`Erro ao carregar serviços: ${list.error.message}`}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.length === 0 ? (
        <EmptyState message="Nenhum serviço cadastrado ainda" />
      ) : (
        <ul className={CARD_GRID}>
          {list.data.map((service) => (
            <li key={service.id} className="min-w-0">
              <OfferedServiceCard
                service={service}
                establishmentNames={service.availableEstablishments.map(
                  (id) => names.establishment.get(id) ?? NOT_FOUND.establishment,
                )}
                professionalNames={service.allowedProfessionals.map(
                  (id) => names.professional.get(id) ?? NOT_FOUND.professional,
                )}
                onEdit={() => setEditing({ service })}
                onDelete={() => setDeleting(service)}
              />
            </li>
          ))}
        </ul>
      )}
      <OfferedServiceFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        service={editing?.service ?? null}
        establishments={establishmentChoices}
        professionals={professionalChoices}
      />
      <DeleteOfferedService service={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function OfferedServiceCard({
  service,
  establishmentNames,
  professionalNames,
  onEdit,
  onDelete,
}: {
  service: OfferedService;
  establishmentNames: string[];
  professionalNames: string[];
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card aria-label={service.name}>
      <CardHeader>
        <CardTitle>{service.name}</CardTitle>
        <div className="-mt-2 -mr-2 flex shrink-0">
          <IconButton label="Editar" icon={Pencil} onClick={onEdit} />
          <IconButton label="Excluir" icon={Trash2} onClick={onDelete} />
        </div>
      </CardHeader>
      {service.observation && (
        <p className="text-sm break-words whitespace-pre-line text-slate-600">{service.observation}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Badge tone="blue">{MODALITY_LABELS[service.modality]}</Badge>
        <Badge tone="green">{formatServicePrice(service.priceType, service.priceInCents)}</Badge>
      </div>
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Clock aria-hidden="true" className="size-4 text-slate-500" />
        {service.duration} min
        {service.bufferDurationBefore > 0 && <span>· {service.bufferDurationBefore} min antes</span>}
        {service.bufferDurationAfter > 0 && <span>· {service.bufferDurationAfter} min depois</span>}
      </p>
      <dl className="flex flex-col gap-1 text-sm text-slate-700">
        <div>
          <dt className="inline text-slate-500">Locais: </dt>
          <dd className="inline break-words">{establishmentNames.join(", ")}</dd>
        </div>
        <div>
          <dt className="inline text-slate-500">Profissionais: </dt>
          <dd className="inline break-words">{professionalNames.join(", ")}</dd>
        </div>
      </dl>
      {service.childFriendly && (
        <p className="text-sm text-slate-700">
          Atende crianças
          {service.childAgeObservation && (
            <span className="text-slate-600"> ({service.childAgeObservation})</span>
          )}
        </p>
      )}
      {service.requiresPreparation && (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-medium">Preparo prévio necessário</p>
          {service.preparationInstructions && (
            <p className="mt-1 break-words whitespace-pre-line">{service.preparationInstructions}</p>
          )}
        </div>
      )}
    </Card>
  );
}

function DeleteOfferedService({ service, onClose }: { service: OfferedService | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.offeredServices.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.offeredServices.list.queryKey() });
        toast.success("Serviço removido");
        onClose();
      },
      onError: (error) => {
        toast.error(serverMessageOf(error) ?? "Erro ao remover serviço.");
        onClose();
      },
    }),
  );
  return (
    <ConfirmDialog
      open={service !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Excluir serviço?"
      description={`O serviço "${service?.name ?? ""}" será removido.`}
      confirmLabel="Excluir"
      pending={remove.isPending}
      onConfirm={() => service && remove.mutate({ id: service.id })}
    />
  );
}
