import { LIMITS, PARKING_TYPE_LABELS } from "@atende/shared/catalogue-constants";
import { PARKING_TYPES } from "@atende/shared/enums";
import {
  type Establishment,
  type EstablishmentCreate,
  EstablishmentCreateInput,
  type EstablishmentFormValues,
} from "@atende/shared/schemas/establishments";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Controller, type Path, useForm } from "react-hook-form";
import { Dialog, DialogContent, DialogFormActions } from "../../components/ui/dialog";
import { CharacterCount, Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { SwitchRow } from "../../components/ui/switch";
import { Textarea } from "../../components/ui/textarea";
import { useTRPC } from "../../lib/trpc";
import { useSaveFeedback } from "../../lib/use-save-feedback";
import { AddressInput } from "./address-input";

const FIELDS: readonly Path<EstablishmentFormValues>[] = [
  "name",
  "address",
  "description",
  "hasParking",
  "parkingType",
  "hasAccessibility",
];

const blankAsNull = (value: string) => (value === "" ? null : value);

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
  /** null creates a new location. */
  establishment: Establishment | null;
}

/** Create or edit a care location (spec 001 §2, §4, §5 Location). */
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
  const { register, control, formState, setError, setValue, watch } = form;
  const errors = formState.errors;
  const hasParking = watch("hasParking");
  const description = watch("description");

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
      <Field label="Nome" required error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="off" {...register("name")} />}
      </Field>
      <Field label="Endereço" required error={errors.address?.message}>
        {(aria) => (
          <Controller
            control={control}
            name="address"
            render={({ field }) => (
              <AddressInput
                {...aria}
                name={field.name}
                value={field.value ?? ""}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
              />
            )}
          />
        )}
      </Field>
      <Field
        label="Descrição"
        error={errors.description?.message}
        hint={<CharacterCount value={description} max={LIMITS.establishment.description.max} />}
      >
        {(control) => <Textarea {...control} {...register("description", { setValueAs: blankAsNull })} />}
      </Field>

      <Controller
        control={control}
        name="hasParking"
        render={({ field }) => (
          <SwitchRow
            id="establishment-has-parking"
            label="Estacionamento"
            checked={field.value ?? false}
            onCheckedChange={(checked) => {
              field.onChange(checked);
              // spec 001 §4: turning parking off clears its type.
              if (!checked) setValue("parkingType", null, { shouldValidate: formState.isSubmitted });
            }}
          />
        )}
      />
      {hasParking && (
        <Field label="Tipo de estacionamento" required error={errors.parkingType?.message}>
          {({ id, ...aria }) => (
            <Controller
              control={control}
              name="parkingType"
              render={({ field }) => (
                <Select value={field.value ?? ""} onValueChange={(value) => field.onChange(value || null)}>
                  <SelectTrigger id={id} {...aria} ref={field.ref}>
                    <SelectValue placeholder="Selecione" />
                  </SelectTrigger>
                  <SelectContent>
                    {PARKING_TYPES.map((type) => (
                      <SelectItem key={type} value={type}>
                        {PARKING_TYPE_LABELS[type]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </Field>
      )}
      <Controller
        control={control}
        name="hasAccessibility"
        render={({ field }) => (
          <SwitchRow
            id="establishment-accessible"
            label="Acessível"
            checked={field.value ?? false}
            onCheckedChange={field.onChange}
          />
        )}
      />

      <DialogFormActions pending={pending} />
    </form>
  );
}
