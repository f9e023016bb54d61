import type { ReactNode } from "react";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { Tooltip } from "../../components/ui/tooltip";

/** A required choice of one record by id (client, professional, establishment, status), with its error under it. */
/**
 * The error to show on a field: the first of `paths` that has one, itself or through a nested issue
 * ('offeredServices.0' belongs to 'offeredServices').
 */
export function errorAt(errors: Record<string, string>, ...paths: string[]): string | undefined {
  for (const path of paths) {
    const hit = errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];
    if (hit) return hit;
  }
  return undefined;
}

export function ChoiceField({
  label,
  value,
  onChange,
  options,
  error,
  required = true,
  placeholder = "Selecione",
  disabled = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  required?: boolean;
  placeholder?: string;
  disabled?: boolean;
}) {
  return (
    <Field label={label} required={required} error={error}>
      {({ id, ...aria }) => (
        <Select value={value || undefined} onValueChange={onChange} disabled={disabled}>
          <SelectTrigger id={id} {...aria}>
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  );
}

/** A short status line under a form (the live availability check). */
export function Notice({ tone, children }: { tone: "info" | "ok" | "warn" | "block"; children: ReactNode }) {
  const tones = {
    info: "border-slate-200 bg-slate-50 text-slate-700",
    ok: "border-emerald-200 bg-emerald-50 text-emerald-900",
    warn: "border-amber-200 bg-amber-50 text-amber-900",
    block: "border-red-200 bg-red-50 text-red-800",
  } as const;
  return (
    <p role="status" className={`rounded-lg border px-3 py-2 text-sm ${tones[tone]}`}>
      {children}
    </p>
  );
}

/**
 * The submit button of a form that must be complete first (spec 001 §5): while incomplete it is marked disabled
 * with `aria-disabled` rather than `disabled`, so it stays focusable and its tooltip
 * 'Preencha todos os campos obrigatórios' shows on hover and on keyboard focus.
 */
export function SubmitWhenComplete({
  complete,
  pending,
  children,
}: {
  complete: boolean;
  pending: boolean;
  children: ReactNode;
}) {
  if (complete) {
    return (
      <Button type="submit" disabled={pending}>
        {children}
      </Button>
    );
  }
  return (
    <Tooltip content="Preencha todos os campos obrigatórios">
      <Button type="submit" aria-disabled="true" className="cursor-not-allowed opacity-60">
        {children}
      </Button>
    </Tooltip>
  );
}
