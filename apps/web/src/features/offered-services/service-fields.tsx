// The fields an offered service's two forms share (spec 001 §5 Offered service): the catalogue dialog and the
// wizard's step 4 (docs/decisions/0044-dashboard-details.md). The wizard offers its own duration choices and keeps
// the rest of the service as the record or the defaults have it, so the two forms share these fields, not a form.
import { LIMITS } from "@atende/shared/catalogue-constants";
import { PRICE_TYPES, type PriceType } from "@atende/shared/enums";
import type { ComponentProps, Ref } from "react";
import { CharacterCount, Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { EnumSelect } from "../voice-agent/enum-select";

export const PRICE_TYPE_LABELS: Record<PriceType, string> = { FIXED: "Fixo", VARIABLE: "Variável" };

type InputProps = Omit<ComponentProps<"input">, "id" | "aria-invalid" | "aria-describedby">;

export function ServiceNameField({
  input,
  value,
  error,
}: {
  /** What the form binds to the text (react-hook-form's `register("name")`). */
  input: InputProps;
  value: string | null | undefined;
  error: string | undefined;
}) {
  return (
    <Field
      label="Nome do serviço"
      required
      error={error}
      hint={<CharacterCount value={value} max={LIMITS.offeredService.name.max} />}
    >
      {(aria) => <Input {...aria} autoComplete="off" {...input} />}
    </Field>
  );
}

export function PriceTypeField({
  value,
  onChange,
  error,
  triggerRef,
}: {
  value: PriceType | undefined;
  /** spec 001 §4: the form clears its price on VARIABLE. */
  onChange: (value: PriceType) => void;
  error: string | undefined;
  triggerRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <Field label="Tipo de preço" required error={error}>
      {(aria) => (
        <EnumSelect
          control={aria}
          values={PRICE_TYPES}
          labels={PRICE_TYPE_LABELS}
          value={value}
          onChange={onChange}
          triggerRef={triggerRef}
        />
      )}
    </Field>
  );
}

/** The price as typed, `150` or `150,00` (the forms turn it into cents). */
export function PriceField({ input, error }: { input: InputProps; error: string | undefined }) {
  return (
    <Field label="Preço (R$)" required error={error}>
      {(aria) => <Input {...aria} inputMode="decimal" autoComplete="off" placeholder="0,00" {...input} />}
    </Field>
  );
}
