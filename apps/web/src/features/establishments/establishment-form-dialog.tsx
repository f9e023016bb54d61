import {
  type Establishment,
  type EstablishmentCreate,
  EstablishmentCreateInput,
  type EstablishmentFormValues,
} from "@atende/shared/schemas/establishments";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { type Path, useForm } from "react-hook-form";
import { Dialog, DialogContent, DialogFormActions } from "../../components/ui/dialog";
import { useTRPC } from "../../lib/trpc";
import { useSaveFeedback } from "../../lib/use-save-feedback";
import { EstablishmentFields } from "./establishment-fields";

const FIELDS: readonly Path<EstablishmentFormValues>[] = [
  "name",
  "address",
  "description",
  "hasParking",
  "parkingType",
  "hasAccessibility",
];

function defaultsOf(establishment: Establishment | null): EstablishmentFormValues {
  return {
    name: establishment?.name ?? "",
    address: establishment?.address ?? "",
    description: establishment?.description ?? null,
    hasParking: establishment?.hasParking ?? false,
    parkingType: establishment?.parkingType ?? null,
    hasAccessibility: establishment?.hasAccessibility ?? false,
  };
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null creates a new establishment. */
  establishment: Establishment | null;
}

/** Create or edit an establishment (spec 001 §2, §4, §5 Location). */
export function EstablishmentFormDialog({ open, onOpenChange, establishment }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={establishment ? "Editar Local de Atendimento" : "Novo Local"}>
        {/* Mounted per opening, so the form starts from the record each time. */}
        {open && <EstablishmentForm establishment={establishment} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function EstablishmentForm({
  establishment,
  onDone,
}: {
  establishment: Establishment | null;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const form = useForm<EstablishmentFormValues, unknown, EstablishmentCreate>({
    resolver: zodResolver(EstablishmentCreateInput),
    defaultValues: defaultsOf(establishment),
  });
  const { setError } = form;

  const feedback = useSaveFeedback({
    listKey: trpc.establishments.list.queryKey(),
    fields: FIELDS,
    setError,
    onDone,
  });
  const create = useMutation(
    trpc.establishments.create.mutationOptions({
      onSuccess: () => feedback.saved("Local criado"),
      onError: (error) => feedback.failed(error, "Erro", "Erro ao criar o local. Tente novamente."),
    }),
  );
  const update = useMutation(
    trpc.establishments.update.mutationOptions({
      onSuccess: () => feedback.saved("Local atualizado"),
      onError: (error) => feedback.failed(error, "Erro", "Erro ao atualizar o local. Tente novamente."),
    }),
  );
  const pending = create.isPending || update.isPending;

  const submit = form.handleSubmit((values) => {
    if (establishment) update.mutate({ id: establishment.id, ...values });
    else create.mutate(values);
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <EstablishmentFields form={form} idPrefix="establishment" nameLabel="Nome" addressSuggestions />
      <DialogFormActions pending={pending} />
    </form>
  );
}
