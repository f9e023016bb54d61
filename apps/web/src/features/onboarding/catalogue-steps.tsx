// Steps 2, 3 and 4 of the wizard (spec 001 §2, §5 Location, Professional, Offered service). Each validates with the
// same shared schema as its catalogue page and saves by creating, or by updating the first existing record.
import {
  LIMITS,
  OFFERED_SERVICE_DEFAULTS,
  WIZARD_DURATION_CHOICES,
  WIZARD_MESSAGES,
} from "@atende/shared/catalogue-constants";
import { PRICE_TYPES } from "@atende/shared/enums";
import { centsToPriceInput, parsePriceToCents } from "@atende/shared/format";
import {
  type Establishment,
  type EstablishmentCreate,
  EstablishmentCreateInput,
  type EstablishmentFormValues,
} from "@atende/shared/schemas/establishments";
import { OFFERED_SERVICE_MESSAGES, type OfferedService } from "@atende/shared/schemas/offered-services";
import {
  type Professional,
  type ProfessionalCreate,
  ProfessionalCreateInput,
  type ProfessionalFormValues,
} from "@atende/shared/schemas/professionals";
import { z } from "@atende/shared/zod";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Controller, type Path, useForm } from "react-hook-form";
import { Field } from "../../components/ui/field";
import { applyServerIssues } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";
import { EstablishmentFields } from "../establishments/establishment-fields";
import { PriceField, PriceTypeField, ServiceNameField } from "../offered-services/service-fields";
import { ProfessionalIdentityFields } from "../professionals/professional-fields";
import { EnumSelect } from "../voice-agent/enum-select";

export interface StepFormProps<T> {
  /** The first existing record, which the step updates; null creates one. */
  record: T | null;
  onSaved: () => void | Promise<void>;
  onFailed: (error: unknown) => void;
  onInvalid: () => void;
  actions: (state: { pending: boolean }) => ReactNode;
}

const _blankAsNull = (value: string | null) => (value == null || value.trim() === "" ? null : value);

// ─── Step 2: Local de Atendimento ───

const ESTABLISHMENT_FIELDS: readonly Path<EstablishmentFormValues>[] = [
  "name",
  "address",
  "description",
  "hasParking",
  "parkingType",
  "hasAccessibility",
];

export function EstablishmentStep({
  record,
  onSaved,
  onFailed,
  onInvalid,
  actions,
}: StepFormProps<Establishment>) {
  const trpc = useTRPC();
  const form = useForm<EstablishmentFormValues, unknown, EstablishmentCreate>({
    resolver: zodResolver(EstablishmentCreateInput),
    defaultValues: {
      name: record?.name ?? "",
      address: record?.address ?? "",
      description: record?.description ?? null,
      hasParking: record?.hasParking ?? false,
      parkingType: record?.parkingType ?? null,
      hasAccessibility: record?.hasAccessibility ?? false,
    },
  });
  const failed = (error: unknown) => {
    applyServerIssues(error, ESTABLISHMENT_FIELDS, form.setError);
    onFailed(error);
  };
  const create = useMutation(
    trpc.establishments.create.mutationOptions({ onSuccess: onSaved, onError: failed }),
  );
  const update = useMutation(
    trpc.establishments.update.mutationOptions({ onSuccess: onSaved, onError: failed }),
  );

  const submit = form.handleSubmit((values) => {
    if (record) update.mutate({ id: record.id, ...values });
    else create.mutate(values);
  }, onInvalid);

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <EstablishmentFields
        form={form}
        idPrefix="wizard"
        nameLabel="Nome do local"
        addressSuggestions={false}
        descriptionRows={2}
      />
      {actions({ pending: create.isPending || update.isPending })}
    </form>
  );
}

// ─── Step 3: Profissional ───

const PROFESSIONAL_FIELDS: readonly Path<ProfessionalFormValues>[] = ["name", "specialty", "registration"];

export function ProfessionalStep({
  record,
  onSaved,
  onFailed,
  onInvalid,
  actions,
}: StepFormProps<Professional>) {
  const trpc = useTRPC();
  const form = useForm<ProfessionalFormValues, unknown, ProfessionalCreate>({
    resolver: zodResolver(ProfessionalCreateInput),
    defaultValues: {
      name: record?.name ?? "",
      specialty: record?.specialty ?? "",
      registration: record?.registration ?? null,
      // spec 001 §3: the wizard sends these as null; an existing professional keeps what the catalogue page set.
      email: record?.email ?? null,
      phoneNumber: record?.phoneNumber ?? null,
      acceptedHealthInsurances: record?.acceptedHealthInsurances ?? null,
      observations: record?.observations ?? null,
    },
  });
  const failed = (error: unknown) => {
    applyServerIssues(error, PROFESSIONAL_FIELDS, form.setError);
    onFailed(error);
  };
  const create = useMutation(
    trpc.professionals.create.mutationOptions({ onSuccess: onSaved, onError: failed }),
  );
  const update = useMutation(
    trpc.professionals.update.mutationOptions({ onSuccess: onSaved, onError: failed }),
  );

  const submit = form.handleSubmit((values) => {
    if (record) update.mutate({ id: record.id, ...values });
    else create.mutate(values);
  }, onInvalid);

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ProfessionalIdentityFields
        form={form}
        nameLabel="Nome do profissional"
        registrationHint={<span className="text-slate-600">CRM, CRO, CRP…</span>}
      />
      {actions({ pending: create.isPending || update.isPending })}
    </form>
  );
}

// ─── Step 4: Serviço ───

const M = OFFERED_SERVICE_MESSAGES;

/** The wizard's own fields; the rest of the service comes from the record or the defaults (spec 001 §9). */
const ServiceStepSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, M.nameRequired)
      .min(LIMITS.offeredService.name.min, M.nameLength)
      .max(LIMITS.offeredService.name.max, M.nameLength),
    duration: z.number({ error: M.durationRequired }).int(M.durationRequired).min(1, M.durationRequired),
    priceType: z.enum(PRICE_TYPES, { error: M.priceTypeRequired }),
    price: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.priceType !== "FIXED") return;
    const text = values.price.trim();
    if (text === "") ctx.addIssue({ code: "custom", path: ["price"], message: M.priceRequiredWhenFixed });
    else if (/^\s*-/.test(text))
      ctx.addIssue({ code: "custom", path: ["price"], message: WIZARD_MESSAGES.priceMin });
    else if (parsePriceToCents(text) === undefined)
      ctx.addIssue({ code: "custom", path: ["price"], message: "Informe o preço como 150 ou 150,00" });
  });
type ServiceStepValues = z.infer<typeof ServiceStepSchema>;

export function OfferedServiceStep({
  record,
  establishmentId,
  professionalId,
  onSaved,
  onFailed,
  onInvalid,
  actions,
}: StepFormProps<OfferedService> & { establishmentId: string | null; professionalId: string | null }) {
  const trpc = useTRPC();
  const D = OFFERED_SERVICE_DEFAULTS;
  const form = useForm<ServiceStepValues>({
    resolver: zodResolver(ServiceStepSchema),
    defaultValues: {
      name: record?.name ?? "",
      duration: record?.duration ?? D.duration,
      priceType: record?.priceType ?? D.priceType,
      price: record
        ? record.priceInCents !== null
          ? centsToPriceInput(record.priceInCents)
          : ""
        : centsToPriceInput(D.priceInCents),
    },
  });
  const { register, control, formState, setError, setValue, watch } = form;
  const errors = formState.errors;
  const [name, priceType] = watch(["name", "priceType"]);
  const failed = (error: unknown) => {
    applyServerIssues(error, ["name", "duration", "priceType"], setError);
    const priceMessage = serverIssue(error);
    if (priceMessage) setError("price", { type: "server", message: priceMessage });
    onFailed(error);
  };
  const create = useMutation(
    trpc.offeredServices.create.mutationOptions({ onSuccess: onSaved, onError: failed }),
  );
  const update = useMutation(
    trpc.offeredServices.update.mutationOptions({ onSuccess: onSaved, onError: failed }),
  );
  // An odd duration set on the catalogue page stays selectable.
  const durations = [
    ...new Set<number>([...WIZARD_DURATION_CHOICES, ...(record ? [record.duration] : [])]),
  ].sort((a, b) => a - b);

  const submit = form.handleSubmit((values) => {
    const priceInCents = values.priceType === "FIXED" ? (parsePriceToCents(values.price) ?? 0) : null;
    const common = {
      name: values.name,
      duration: values.duration,
      priceType: values.priceType,
      priceInCents,
    };
    if (record) {
      update.mutate({
        ...record,
        ...common,
        // Kept as the catalogue page set them; the wizard's establishment and professional are added when missing.
        availableEstablishments: record.availableEstablishments.length
          ? record.availableEstablishments
          : [establishmentId ?? ""],
        allowedProfessionals: record.allowedProfessionals.length
          ? record.allowedProfessionals
          : [professionalId ?? ""],
      });
    } else {
      create.mutate({
        ...common,
        availableEstablishments: establishmentId ? [establishmentId] : [],
        allowedProfessionals: professionalId ? [professionalId] : [],
      });
    }
  }, onInvalid);

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ServiceNameField input={register("name")} value={name} error={errors.name?.message} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Duração" required error={errors.duration?.message}>
          {(fieldControl) => (
            <Controller
              control={control}
              name="duration"
              render={({ field }) => (
                <EnumSelect
                  control={fieldControl}
                  values={durations.map(String)}
                  labels={Object.fromEntries(
                    durations.map((minutes) => [String(minutes), `${minutes} minutos`]),
                  )}
                  value={field.value ? String(field.value) : undefined}
                  onChange={(value) => field.onChange(Number(value))}
                />
              )}
            />
          )}
        </Field>
        <Controller
          control={control}
          name="priceType"
          render={({ field }) => (
            <PriceTypeField
              value={field.value}
              triggerRef={field.ref}
              error={errors.priceType?.message}
              onChange={(value) => {
                field.onChange(value);
                // spec 001 §4: VARIABLE clears the price.
                if (value === "VARIABLE") setValue("price", "");
              }}
            />
          )}
        />
        {priceType === "FIXED" && <PriceField input={register("price")} error={errors.price?.message} />}
      </div>
      {actions({ pending: create.isPending || update.isPending })}
    </form>
  );
}

/** The server's message about the price, placed on the wizard's price text. */
function serverIssue(error: unknown): string {
  let message = "";
  applyServerIssues<{ priceInCents: number }>(error, ["priceInCents"], (_field, issue) => {
    message = issue.message ?? "";
  });
  return message;
}
