// A professional's fields (spec 001 §5 Professional), one set for the catalogue dialog and the wizard's step 3
// (docs/decisions/0044-dashboard-details.md): the wizard shows the identity only and sends the rest as null (spec
// 001 §3); each form keeps its own submit, toasts and labels.
import { LIMITS, PROFESSIONAL_HEALTH_INSURANCES } from "@atende/shared/catalogue-constants";
import { maskPhone } from "@atende/shared/format";
import type { ProfessionalCreate, ProfessionalFormValues } from "@atende/shared/schemas/professionals";
import type { ReactNode } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import { CheckboxList } from "../../components/ui/checkbox-list";
import { CharacterCount, Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";

export type ProfessionalForm = UseFormReturn<ProfessionalFormValues, unknown, ProfessionalCreate>;

const blankAsNull = (value: string | null) => (value == null || value === "" ? null : value);

/** The preset names plus any the record holds that are not among them (set by the wizard or the API). */
function insuranceOptions(current: readonly string[]) {
  const names = [
    ...PROFESSIONAL_HEALTH_INSURANCES,
    ...current.filter((name) => !PROFESSIONAL_HEALTH_INSURANCES.some((preset) => preset === name)),
  ];
  return names.map((name) => ({ value: name, label: name }));
}

/** Name, specialty and registration. */
export function ProfessionalIdentityFields({
  form,
  nameLabel,
  registrationHint,
}: {
  form: ProfessionalForm;
  nameLabel: string;
  registrationHint?: ReactNode;
}) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <>
      <Field label={nameLabel} required error={errors.name?.message}>
        {(aria) => <Input {...aria} autoComplete="off" {...register("name")} />}
      </Field>
      <Field label="Especialidade" required error={errors.specialty?.message}>
        {(aria) => <Input {...aria} autoComplete="off" {...register("specialty")} />}
      </Field>
      <Field label="Registro profissional" error={errors.registration?.message} hint={registrationHint}>
        {(aria) => (
          <Input {...aria} autoComplete="off" {...register("registration", { setValueAs: blankAsNull })} />
        )}
      </Field>
    </>
  );
}

/** E-mail, phone, accepted health insurances and observations (the catalogue dialog's). */
export function ProfessionalDetailFields({
  form,
  storedInsurances,
}: {
  form: ProfessionalForm;
  /** The record's insurances, listed even when they are not presets. */
  storedInsurances: readonly string[];
}) {
  const { register, control, formState, watch } = form;
  const errors = formState.errors;
  const observations = watch("observations");
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="E-mail" error={errors.email?.message}>
          {(aria) => (
            <Input
              {...aria}
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
            options={insuranceOptions(storedInsurances)}
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
        {(aria) => <Textarea {...aria} {...register("observations", { setValueAs: blankAsNull })} />}
      </Field>
    </>
  );
}
