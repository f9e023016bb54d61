import {
  type Professional,
  type ProfessionalCreate,
  ProfessionalCreateInput,
  type ProfessionalFormValues,
} from "@atende/shared/schemas/professionals";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { type Path, useForm } from "react-hook-form";
import { Dialog, DialogContent, DialogFormActions } from "../../components/ui/dialog";
import { useTRPC } from "../../lib/trpc";
import { useSaveFeedback } from "../../lib/use-save-feedback";
import { ProfessionalDetailFields, ProfessionalIdentityFields } from "./professional-fields";

const FIELDS: readonly Path<ProfessionalFormValues>[] = [
  "name",
  "specialty",
  "registration",
  "email",
  "phoneNumber",
  "acceptedHealthInsurances",
  "observations",
];

function defaultsOf(professional: Professional | null): ProfessionalFormValues {
  return {
    name: professional?.name ?? "",
    specialty: professional?.specialty ?? "",
    registration: professional?.registration ?? null,
    email: professional?.email ?? null,
    phoneNumber: professional?.phoneNumber ?? null,
    acceptedHealthInsurances: professional?.acceptedHealthInsurances ?? [],
    observations: professional?.observations ?? null,
  };
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  professional: Professional | null;
}

/** Create or edit a professional (spec 001 §2, §5 Professional). */
export function ProfessionalFormDialog({ open, onOpenChange, professional }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={professional ? "Editar Profissional" : "Novo Profissional"}>
        {open && <ProfessionalForm professional={professional} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ProfessionalForm({
  professional,
  onDone,
}: {
  professional: Professional | null;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const form = useForm<ProfessionalFormValues, unknown, ProfessionalCreate>({
    resolver: zodResolver(ProfessionalCreateInput),
    defaultValues: defaultsOf(professional),
  });
  const { setError } = form;

  const feedback = useSaveFeedback({
    listKey: trpc.professionals.list.queryKey(),
    fields: FIELDS,
    setError,
    onDone,
  });
  const create = useMutation(
    trpc.professionals.create.mutationOptions({
      onSuccess: () => feedback.saved("Profissional cadastrado!"),
      onError: (error) => feedback.failed(error, "Ocorreu um erro ao salvar o profissional."),
    }),
  );
  const update = useMutation(
    trpc.professionals.update.mutationOptions({
      onSuccess: () => feedback.saved("Profissional atualizado!"),
      onError: (error) => feedback.failed(error, "Ocorreu um erro ao salvar o profissional."),
    }),
  );
  const pending = create.isPending || update.isPending;

  const submit = form.handleSubmit((values) => {
    if (professional) update.mutate({ id: professional.id, ...values });
    else create.mutate(values);
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ProfessionalIdentityFields form={form} nameLabel="Nome" />
      <ProfessionalDetailFields form={form} storedInsurances={professional?.acceptedHealthInsurances ?? []} />
      <DialogFormActions pending={pending} />
    </form>
  );
}
