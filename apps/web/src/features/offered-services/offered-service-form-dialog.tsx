import { LIMITS, MODALITY_LABELS, OFFERED_SERVICE_DEFAULTS } from "@atende/shared/catalogue-constants";
import { MODALITIES, type Modality } from "@atende/shared/enums";
import { centsToPriceInput, parsePriceToCents } from "@atende/shared/format";
import {
  type OfferedService,
  type OfferedServiceCreate,
  OfferedServiceCreateInput,
  type OfferedServiceFormValues,
} from "@atende/shared/schemas/offered-services";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Controller, type Path, useForm } from "react-hook-form";
import { CheckboxList } from "../../components/ui/checkbox-list";
import { Dialog, DialogContent, DialogFormActions } from "../../components/ui/dialog";
import { CharacterCount, Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { SwitchRow } from "../../components/ui/switch";
import { Textarea } from "../../components/ui/textarea";
import { useTRPC } from "../../lib/trpc";
import { useSaveFeedback } from "../../lib/use-save-feedback";
import { PriceField, PriceTypeField, ServiceNameField } from "./service-fields";

const FIELDS: readonly Path<OfferedServiceFormValues>[] = [
  "name",
  "duration",
  "bufferDurationBefore",
  "bufferDurationAfter",
  "priceType",
  "priceInCents",
  "availableEstablishments",
  "allowedProfessionals",
  "modality",
  "childFriendly",
  "childAgeObservation",
  "requiresPreparation",
  "preparationInstructions",
  "observation",
];

const blankAsNull = (value: string) => (value === "" ? null : value);

function defaultsOf(service: OfferedService | null): OfferedServiceFormValues {
  const D = OFFERED_SERVICE_DEFAULTS;
  return {
    name: service?.name ?? "",
    duration: service?.duration ?? D.duration,
    bufferDurationBefore: service?.bufferDurationBefore ?? D.bufferDurationBefore,
    bufferDurationAfter: service?.bufferDurationAfter ?? D.bufferDurationAfter,
    priceType: service?.priceType ?? D.priceType,
    priceInCents: service ? service.priceInCents : D.priceInCents,
    availableEstablishments: service?.availableEstablishments ?? [],
    allowedProfessionals: service?.allowedProfessionals ?? [],
    modality: service?.modality ?? D.modality,
    childFriendly: service?.childFriendly ?? D.childFriendly,
    childAgeObservation: service?.childAgeObservation ?? null,
    requiresPreparation: service?.requiresPreparation ?? D.requiresPreparation,
    preparationInstructions: service?.preparationInstructions ?? null,
    observation: service?.observation ?? null,
  };
}

export interface Choice {
  value: string;
  label: string;
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  service: OfferedService | null;
  establishments: readonly Choice[];
  professionals: readonly Choice[];
}

/** Create or edit an offered service (spec 001 §2, §4, §5 Offered service, §9 defaults and counters). */
export function OfferedServiceFormDialog({
  open,
  onOpenChange,
  service,
  establishments,
  professionals,
}: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={service ? "Editar Serviço" : "Novo Serviço"} className="max-w-2xl">
        {open && (
          <OfferedServiceForm
            service={service}
            establishments={establishments}
            professionals={professionals}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function OfferedServiceForm({
  service,
  establishments,
  professionals,
  onDone,
}: Omit<Props, "open" | "onOpenChange"> & { onDone: () => void }) {
  const trpc = useTRPC();
  const form = useForm<OfferedServiceFormValues, unknown, OfferedServiceCreate>({
    resolver: zodResolver(OfferedServiceCreateInput),
    defaultValues: defaultsOf(service),
  });
  const { register, control, formState, setError, setValue, watch } = form;
  const errors = formState.errors;
  // A new service of a business with one establishment or one professional starts with it ticked.
  const onlyEstablishment = !service && establishments.length === 1 ? establishments[0]?.value : undefined;
  const onlyProfessional = !service && professionals.length === 1 ? professionals[0]?.value : undefined;
  useEffect(() => {
    if (onlyEstablishment && (form.getValues("availableEstablishments") ?? []).length === 0)
      setValue("availableEstablishments", [onlyEstablishment]);
    if (onlyProfessional && (form.getValues("allowedProfessionals") ?? []).length === 0)
      setValue("allowedProfessionals", [onlyProfessional]);
  }, [onlyEstablishment, onlyProfessional, form, setValue]);
  const [name, priceType, childFriendly, requiresPreparation, childAgeObservation, preparationInstructions] =
    watch([
      "name",
      "priceType",
      "childFriendly",
      "requiresPreparation",
      "childAgeObservation",
      "preparationInstructions",
    ]);
  const [priceText, setPriceText] = useState(() =>
    service?.priceInCents != null ? centsToPriceInput(service.priceInCents) : service ? "" : "0,00",
  );
  const revalidate = { shouldValidate: formState.isSubmitted };

  const feedback = useSaveFeedback({
    listKey: trpc.offeredServices.list.queryKey(),
    fields: FIELDS,
    setError,
    onDone,
  });
  const create = useMutation(
    trpc.offeredServices.create.mutationOptions({
      onSuccess: () => feedback.saved("Serviço cadastrado!"),
      onError: (error) => feedback.failed(error, "Ocorreu um erro ao salvar o serviço."),
    }),
  );
  const update = useMutation(
    trpc.offeredServices.update.mutationOptions({
      onSuccess: () => feedback.saved("Serviço atualizado!"),
      onError: (error) => feedback.failed(error, "Ocorreu um erro ao salvar o serviço."),
    }),
  );
  const pending = create.isPending || update.isPending;

  const submit = form.handleSubmit((values) => {
    if (service) update.mutate({ id: service.id, ...values });
    else create.mutate(values);
  });

  const minutes = (field: "duration" | "bufferDurationBefore" | "bufferDurationAfter", label: string) => (
    <Field label={label} required error={errors[field]?.message}>
      {(control) => (
        <Input
          {...control}
          type="number"
          inputMode="numeric"
          min={0}
          {...register(field, { valueAsNumber: true })}
        />
      )}
    </Field>
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ServiceNameField input={register("name")} value={name} error={errors.name?.message} />
      <div className="grid gap-4 sm:grid-cols-3">
        {minutes("duration", "Duração (min)")}
        {minutes("bufferDurationBefore", "Buffer antes (min)")}
        {minutes("bufferDurationAfter", "Buffer depois (min)")}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Controller
          control={control}
          name="priceType"
          render={({ field }) => (
            <PriceTypeField
              value={field.value}
              triggerRef={field.ref}
              error={errors.priceType?.message}
              onChange={(next) => {
                field.onChange(next);
                // spec 001 §4: VARIABLE clears the price.
                if (next === "VARIABLE") {
                  setValue("priceInCents", null, revalidate);
                  setPriceText("");
                }
              }}
            />
          )}
        />
        {priceType !== "VARIABLE" && (
          <PriceField
            error={errors.priceInCents?.message}
            input={{
              value: priceText,
              onChange: (event) => {
                setPriceText(event.target.value);
                setValue("priceInCents", parsePriceToCents(event.target.value) ?? null, revalidate);
              },
            }}
          />
        )}
        <Field label="Modalidade" required error={errors.modality?.message}>
          {({ id, ...aria }) => (
            <Controller
              control={control}
              name="modality"
              render={({ field }) => (
                <Select
                  value={field.value ?? ""}
                  onValueChange={(value) => {
                    const next: Modality | undefined = MODALITIES.find((modality) => modality === value);
                    if (next) field.onChange(next);
                  }}
                >
                  <SelectTrigger id={id} {...aria} ref={field.ref}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {MODALITIES.map((modality) => (
                      <SelectItem key={modality} value={modality}>
                        {MODALITY_LABELS[modality]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </Field>
      </div>
      <Controller
        control={control}
        name="availableEstablishments"
        render={({ field }) => (
          <CheckboxList
            legend="Locais de atendimento"
            required
            options={establishments}
            value={field.value ?? []}
            onChange={field.onChange}
            error={errors.availableEstablishments?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="allowedProfessionals"
        render={({ field }) => (
          <CheckboxList
            legend="Profissionais"
            required
            options={professionals}
            value={field.value ?? []}
            onChange={field.onChange}
            error={errors.allowedProfessionals?.message}
          />
        )}
      />

      <SwitchRow
        id="service-child-friendly"
        label="Atende crianças"
        checked={childFriendly ?? false}
        onCheckedChange={(checked) => {
          setValue("childFriendly", checked);
          // spec 001 §4: turning it off clears the age note.
          if (!checked) setValue("childAgeObservation", null, revalidate);
        }}
      />
      {childFriendly && (
        <Field
          label="Observação sobre idade"
          error={errors.childAgeObservation?.message}
          hint={
            <CharacterCount value={childAgeObservation} max={LIMITS.offeredService.childAgeObservation.max} />
          }
        >
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              {...register("childAgeObservation", { setValueAs: blankAsNull })}
            />
          )}
        </Field>
      )}
      <SwitchRow
        id="service-requires-preparation"
        label="Preparo prévio necessário"
        checked={requiresPreparation ?? false}
        onCheckedChange={(checked) => {
          setValue("requiresPreparation", checked);
          if (!checked) setValue("preparationInstructions", null, revalidate);
        }}
      />
      {requiresPreparation && (
        <Field
          label="Instruções de preparação"
          required
          error={errors.preparationInstructions?.message}
          hint={
            <CharacterCount
              value={preparationInstructions}
              max={LIMITS.offeredService.preparationInstructions.max}
            />
          }
        >
          {(control) => (
            <Textarea {...control} {...register("preparationInstructions", { setValueAs: blankAsNull })} />
          )}
        </Field>
      )}
      <Field label="Observação" error={errors.observation?.message}>
        {(control) => (
          <Textarea {...control} rows={2} {...register("observation", { setValueAs: blankAsNull })} />
        )}
      </Field>
      <DialogFormActions pending={pending} />
    </form>
  );
}
