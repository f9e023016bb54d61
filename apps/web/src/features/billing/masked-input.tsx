import type { ComponentProps } from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import type { FieldControlProps } from "../../components/ui/field";
import { Input } from "../../components/ui/input";

/** An input of a react-hook-form field whose value is re-masked on every keystroke (spec 000 §5: inputs auto-masked). */
export function MaskedInput<T extends FieldValues, TOutput extends FieldValues = T>({
  aria,
  control,
  name,
  mask,
  ...props
}: {
  aria: FieldControlProps;
  control: Control<T, unknown, TOutput>;
  name: FieldPath<T>;
  mask: (value: string) => string;
} & Pick<ComponentProps<"input">, "inputMode" | "autoComplete" | "placeholder" | "maxLength" | "type">) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Input
          {...aria}
          {...props}
          ref={field.ref}
          name={field.name}
          value={
            typeof field.value === "string" || typeof field.value === "number" ? String(field.value) : ""
          }
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(mask(event.target.value))}
        />
      )}
    />
  );
}
