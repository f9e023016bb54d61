import { useId } from "react";
import { cn } from "../../lib/cn";
import { Checkbox } from "./checkbox";

interface CheckboxListProps {
  legend: string;
  options: readonly { value: string; label: string }[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
  required?: boolean;
  className?: string;
}

/** A multiple choice as a group of checkboxes, named by its legend and described by its error. */
export function CheckboxList({
  legend,
  options,
  value,
  onChange,
  error,
  required = false,
  className,
}: CheckboxListProps) {
  const id = useId();
  // The choice keeps the options' order, whatever the order of the clicks.
  const toggle = (option: string, checked: boolean) =>
    onChange(
      options.map((item) => item.value).filter((item) => (item === option ? checked : value.includes(item))),
    );
  return (
    <fieldset
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      className={cn("flex min-w-0 flex-col gap-1.5", className)}
    >
      <legend className="mb-1.5 text-sm font-medium text-slate-800">
        {legend}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        )}
      </legend>
      <div
        className={cn(
          "grid max-h-48 gap-1 overflow-y-auto rounded-lg border p-2 sm:grid-cols-2",
          error ? "border-red-600" : "border-slate-300",
        )}
      >
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <div key={option.value} className="flex min-w-0 items-center gap-2 rounded-md px-1 py-1">
              <Checkbox
                id={optionId}
                checked={value.includes(option.value)}
                onCheckedChange={(checked) => toggle(option.value, checked === true)}
              />
              <label htmlFor={optionId} className="min-w-0 text-sm break-words text-slate-800">
                {option.label}
              </label>
            </div>
          );
        })}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
