import type { Ref } from "react";
import type { FieldControlProps } from "../../components/ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";

interface EnumSelectProps<T extends string> {
  control: FieldControlProps;
  values: readonly T[];
  labels: Record<T, string>;
  value: T | undefined;
  onChange: (value: T) => void;
  disabled?: boolean;
  /** The trigger, for a form to focus on an error. */
  triggerRef?: Ref<HTMLButtonElement>;
}

/** A select over one enumeration of @atende/shared, showing its pt-BR labels. */
export function EnumSelect<T extends string>({
  control: { id, ...aria },
  values,
  labels,
  value,
  onChange,
  disabled = false,
  triggerRef,
}: EnumSelectProps<T>) {
  return (
    <Select
      value={value ?? ""}
      disabled={disabled}
      onValueChange={(next) => {
        const known = values.find((candidate) => candidate === next);
        if (known) onChange(known);
      }}
    >
      <SelectTrigger id={id} {...aria} ref={triggerRef}>
        <SelectValue placeholder="Selecione" />
      </SelectTrigger>
      <SelectContent>
        {values.map((item) => (
          <SelectItem key={item} value={item}>
            {labels[item]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
