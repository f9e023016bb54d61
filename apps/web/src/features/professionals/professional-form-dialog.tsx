import { LIMITS, PROFESSIONAL_HEALTH_INSURANCES } from "@atende/shared/catalogue-constants";
import { maskPhone } from "@atende/shared/format";
import {
  type Professional,
  type ProfessionalCreate,
  ProfessionalCreateInput,
  type ProfessionalFormValues,
} from "@atende/shared/schemas/professionals";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Controller, type Path, useForm } from "react-hook-form";
import { CheckboxList } from "../../components/ui/checkbox-list";
import { Dialog, DialogContent, DialogFormActions } from "../../components/ui/dialog";
import { CharacterCount, Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { useTRPC } from "../../lib/trpc";
import { useSaveFeedback } from "../../lib/use-save-feedback";

const FIELDS: readonly Path<ProfessionalFormValues>[] = [
  "name",
  "specialty",
  "registration",
  "email",
  "phoneNumber",
  "acceptedHealthInsurances",
  "observations",
];

const blankAsNull = (value: string) => (value === "" ? null : value);

/** The preset names plus any the record holds that are not among them (set by the wizard or the API). */
function insuranceOptions(current: readonly string[]) {
  const names = [
    ...PROFESSIONAL_HEALTH_INSURANCES,
    ...current.filter((name) => !PROFESSIONAL_HEALTH_INSURANCES.some((preset) => preset === name)),
  ];
  return names.map((name) => ({ value: name, label: name }));
}

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
  const { register, control, formState, setError, watch } = form;
  const errors = formState.errors;
  const observations = watch("observations");

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
      <Field label="Nome" required error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="off" {...register("name")} />}
      </Field>
      <Field label="Especialidade" required error={errors.specialty?.message}>
        {(control) => <Input {...control} {...register("specialty")} />}
      </Field>
      <Field label="Registro profissional" error={errors.registration?.message}>
        {(control) => <Input {...control} {...register("registration", { setValueAs: blankAsNull })} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="E-mail" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              {...register("email", { setValueAs: blankAsNull })}
            />
          )}
        </Field>
        <Field label="Telefone" error={errors.phoneNumber?.message}>
          {(aria) => (
            <Controller
              control={control}
              name="phoneNumber"
              render={({ field }) => (
                <Input
                  {...aria}
                  ref={field.ref}
                  type="tel"
                  inputMode="tel"
                  placeholder="(00) 00000-0000"
                  value={field.value ?? ""}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(blankAsNull(maskPhone(event.target.value)))}
                />
              )}
            />
          )}
        </Field>
      </div>
      <Controller
        control={control}
        name="acceptedHealthInsurances"
        render={({ field }) => (
          <CheckboxList
            legend="Convênios aceitos"
            options={insuranceOptions(professional?.acceptedHealthInsurances ?? [])}
            value={field.value ?? []}
            onChange={field.onChange}
            error={errors.acceptedHealthInsurances?.message}
          />
        )}
      />
      <Field
        label="Observações"
        error={errors.observations?.message}
        hint={<CharacterCount value={observations} max={LIMITS.professional.observations.max} />}
      >
        {(control) => <Textarea {...control} {...register("observations", { setValueAs: blankAsNull })} />}
      </Field>
      <DialogFormActions pending={pending} />
    </form>
  );
}
