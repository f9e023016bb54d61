import { type ReactNode, useId } from "react";
import { cn } from "../../lib/cn";
import { Label } from "./label";

/** What a control needs to be named by its label and described by its error and hint. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
  "aria-required"?: boolean;
}

interface FieldProps {
  label: string;
  /** The error under the control (the server's or the schema's pt-BR text). */
  error?: string | undefined;
  /** A note under the control, e.g. a character counter. */
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, a control and its error text, tied together with `htmlFor`, `aria-describedby` and `aria-invalid`. */
export function Field({ label, error, hint, required = false, className, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint !== undefined ? hintId : null].filter(Boolean).join(" ");
  return (
    <div className={cn("flex min-w-0 flex-col gap-1.5", className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        )}
      </Label>
      {children({
        id,
        "aria-invalid": Boolean(error),
        "aria-describedby": describedBy || undefined,
        ...(required ? { "aria-required": true } : {}),
      })}
      {(error || hint !== undefined) && (
        <div className="flex items-start justify-between gap-3 text-xs">
          {error ? (
            <p id={errorId} className="min-w-0 flex-1 text-red-700">
              {error}
            </p>
          ) : (
            <span />
          )}
          {hint !== undefined && (
            // Wraps rather than being cut (the DDD's note in the agent panel's narrow column: issue #25).
            <span id={hintId} className="min-w-0 text-right text-slate-600">
              {hint}
            </span>
          )}
        </div>
      )}
    </div>
  );
}

/** A character counter for a field (spec 001 §9). */
export function CharacterCount({ value, max }: { value: string | null | undefined; max: number }) {
  return (
    <>
      {(value ?? "").length}/{max}
    </>
  );
}
