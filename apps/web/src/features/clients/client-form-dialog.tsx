import { LIMITS, PATIENT_HEALTH_PLAN_PROVIDERS } from "@atende/shared/catalogue-constants";
import { maskCpf, maskPhone } from "@atende/shared/format";
import { nationalPhone } from "@atende/shared/phone-format";
import {
  type Client,
  type ClientCreate,
  ClientCreateInput,
  type ClientFormValues,
} from "@atende/shared/schemas/clients";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Controller, type Path, useForm } from "react-hook-form";
import { Dialog, DialogContent, DialogFormActions } from "../../components/ui/dialog";
import { CharacterCount, Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { Textarea } from "../../components/ui/textarea";
import { useTRPC } from "../../lib/trpc";
import { useSaveFeedback } from "../../lib/use-save-feedback";
import { usePetShop } from "./use-pet-shop";

const FIELDS: readonly Path<ClientFormValues>[] = [
  "fullName",
  "documentNumber",
  "phoneNumber",
  "email",
  "healthInsuranceProvider",
  "healthInsuranceNumber",
  "observations",
  "petName",
  "petSpecies",
];

/** Radix Select items cannot carry an empty value: this one stands for "no plan". */
const NO_PROVIDER = "none";

const blankAsNull = (value: string) => (value === "" ? null : value);

/**
 * The form's starting values. The pet's fields only for a pet shop: elsewhere they are left out of the save, so the
 * record keeps whatever it has (docs/decisions/0050-confirmations.md).
 */
function defaultsOf(client: Client | null, petShop: boolean): ClientFormValues {
  return {
    ...(petShop ? { petName: client?.petName ?? null, petSpecies: client?.petSpecies ?? null } : {}),
    fullName: client?.fullName ?? "",
    documentNumber: client?.documentNumber ?? null,
    // Stored in any form (the agent, REST, this form): the mask starts from the national form, so `+5511988887777`
    // reads as (11) 98888-7777, never as DDD 55 (docs/decisions/0041-phone-format.md).
    phoneNumber: client ? nationalPhone(client.phoneNumber) : "",
    email: client?.email ?? null,
    healthInsuranceProvider: client?.healthInsuranceProvider ?? null,
    healthInsuranceNumber: client?.healthInsuranceNumber ?? null,
    observations: client?.observations ?? null,
  };
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  client: Client | null;
}

/** Create or edit a client (spec 001 §2 'Patients', §5 Patient form). */
export function ClientFormDialog({ open, onOpenChange, client }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={client ? "Editar Paciente" : "Novo Paciente"}>
        {open && <ClientForm client={client} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ClientForm({ client, onDone }: { client: Client | null; onDone: () => void }) {
  const trpc = useTRPC();
  const petShop = usePetShop();
  const form = useForm<ClientFormValues, unknown, ClientCreate>({
    resolver: zodResolver(ClientCreateInput),
    defaultValues: defaultsOf(client, petShop),
  });
  const { register, control, formState, setError, watch } = form;
  const errors = formState.errors;
  const observations = watch("observations");
  // A plan set elsewhere (the agent, the API) that is not among the presets stays choosable.
  const providers = [
    ...PATIENT_HEALTH_PLAN_PROVIDERS,
    ...(client?.healthInsuranceProvider &&
    !PATIENT_HEALTH_PLAN_PROVIDERS.some((name) => name === client.healthInsuranceProvider)
      ? [client.healthInsuranceProvider]
      : []),
  ];

  const feedback = useSaveFeedback({
    listKey: trpc.clients.list.pathKey(),
    fields: FIELDS,
    setError,
    onDone,
  });
  const create = useMutation(
    trpc.clients.create.mutationOptions({
      onSuccess: () => feedback.saved("Paciente cadastrado!"),
      onError: (error) => feedback.failed(error, "Ocorreu um erro ao salvar o paciente."),
    }),
  );
  const update = useMutation(
    trpc.clients.update.mutationOptions({
      onSuccess: () => feedback.saved("Paciente atualizado!"),
      onError: (error) => feedback.failed(error, "Ocorreu um erro ao salvar o paciente."),
    }),
  );
  const pending = create.isPending || update.isPending;

  const submit = form.handleSubmit((values) => {
    if (client) update.mutate({ id: client.id, ...values });
    else create.mutate(values);
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field label="Nome completo" required error={errors.fullName?.message}>
        {(control) => <Input {...control} autoComplete="off" {...register("fullName")} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="CPF" error={errors.documentNumber?.message}>
          {(aria) => (
            <Controller
              control={control}
              name="documentNumber"
              render={({ field }) => (
                <Input
                  {...aria}
                  ref={field.ref}
                  inputMode="numeric"
                  placeholder="000.000.000-00"
                  value={field.value ?? ""}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(blankAsNull(maskCpf(event.target.value)))}
                />
              )}
            />
          )}
        </Field>
        <Field label="Telefone" required error={errors.phoneNumber?.message}>
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
                  onChange={(event) => field.onChange(maskPhone(event.target.value))}
                />
              )}
            />
          )}
        </Field>
      </div>
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
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Convênio" error={errors.healthInsuranceProvider?.message}>
          {({ id, ...aria }) => (
            <Controller
              control={control}
              name="healthInsuranceProvider"
              render={({ field }) => (
                <Select
                  value={field.value ?? NO_PROVIDER}
                  onValueChange={(value) => field.onChange(value === NO_PROVIDER ? null : value)}
                >
                  <SelectTrigger id={id} {...aria} ref={field.ref}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NO_PROVIDER}>Particular (sem convênio)</SelectItem>
                    {providers.map((name) => (
                      <SelectItem key={name} value={name}>
                        {name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </Field>
        <Field label="Número do convênio" error={errors.healthInsuranceNumber?.message}>
          {(control) => (
            <Input {...control} {...register("healthInsuranceNumber", { setValueAs: blankAsNull })} />
          )}
        </Field>
      </div>
      {petShop && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Pet" error={errors.petName?.message}>
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                placeholder="Nome do pet"
                {...register("petName", { setValueAs: blankAsNull })}
              />
            )}
          </Field>
          <Field label="Espécie" error={errors.petSpecies?.message}>
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                placeholder="Cachorro, gato…"
                {...register("petSpecies", { setValueAs: blankAsNull })}
              />
            )}
          </Field>
        </div>
      )}
      <Field
        label="Observações"
        error={errors.observations?.message}
        hint={<CharacterCount value={observations} max={LIMITS.client.observations.max} />}
      >
        {(control) => <Textarea {...control} {...register("observations", { setValueAs: blankAsNull })} />}
      </Field>
      <DialogFormActions pending={pending} />
    </form>
  );
}
