// An establishment's fields (spec 001 §5 Location), one set for the catalogue dialog and the wizard's step 2
// (docs/decisions/0044-dashboard-details.md): each form keeps its own submit, toasts and labels.
import { LIMITS, PARKING_TYPE_LABELS } from "@atende/shared/catalogue-constants";
import { PARKING_TYPES } from "@atende/shared/enums";
import type { EstablishmentCreate, EstablishmentFormValues } from "@atende/shared/schemas/establishments";
import { Controller, type UseFormReturn } from "react-hook-form";
import { CharacterCount, Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { SwitchRow } from "../../components/ui/switch";
import { Textarea } from "../../components/ui/textarea";
import { EnumSelect } from "../voice-agent/enum-select";
import { AddressInput } from "./address-input";

export type EstablishmentForm = UseFormReturn<EstablishmentFormValues, unknown, EstablishmentCreate>;

const blankAsNull = (value: string | null) => (value == null || value === "" ? null : value);

export function EstablishmentFields({
  form,
  idPrefix,
  nameLabel,
  addressSuggestions,
  descriptionRows,
}: {
  form: EstablishmentForm;
  /** Makes the switches' ids unique on the page. */
  idPrefix: string;
  nameLabel: string;
  /** The address field suggests addresses (Google Places) as one types; else a plain text field. */
  addressSuggestions: boolean;
  descriptionRows?: number;
}) {
  const { register, control, formState, setValue, watch } = form;
  const errors = formState.errors;
  const [hasParking, description] = watch(["hasParking", "description"]);
  return (
    <>
      <Field label={nameLabel} required error={errors.name?.message}>
        {(aria) => <Input {...aria} autoComplete="off" {...register("name")} />}
      </Field>
      <Field label="Endereço" required error={errors.address?.message}>
        {(aria) =>
          addressSuggestions ? (
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
          ) : (
            <Input {...aria} autoComplete="street-address" {...register("address")} />
          )
        }
      </Field>
      <Field
        label="Descrição"
        error={errors.description?.message}
        hint={<CharacterCount value={description} max={LIMITS.establishment.description.max} />}
      >
        {(aria) => (
          <Textarea
            {...aria}
            rows={descriptionRows}
            {...register("description", { setValueAs: blankAsNull })}
          />
        )}
      </Field>
      <Controller
        control={control}
        name="hasParking"
        render={({ field }) => (
          <SwitchRow
            id={`${idPrefix}-has-parking`}
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
          {(aria) => (
            <Controller
              control={control}
              name="parkingType"
              render={({ field }) => (
                <EnumSelect
                  control={aria}
                  values={PARKING_TYPES}
                  labels={PARKING_TYPE_LABELS}
                  value={field.value ?? undefined}
                  onChange={field.onChange}
                  triggerRef={field.ref}
                />
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
            id={`${idPrefix}-accessible`}
            label="Acessível"
            checked={field.value ?? false}
            onCheckedChange={field.onChange}
          />
        )}
      />
    </>
  );
}
