// The public pages' buttons and form controls (decision 0026): the dashboard's look (components/ui), in plain class
// lists joined by clsx. The dashboard's controls merge a caller's classes over theirs with tailwind-merge, whose
// setup alone takes tens of milliseconds of a phone's CPU on the first call and 8 KB gzip of the landing page's
// budget; here every size is a named choice, so no two classes of a list compete and nothing needs merging.
import { clsx } from "clsx";
import { type ComponentProps, type ReactNode, useId } from "react";

export { clsx as cx };

const BUTTON_VARIANTS = {
  primary: "bg-teal-700 text-white hover:bg-teal-800",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  ghost: "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
} as const;

const BUTTON_SIZES = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  tall: "h-11 px-4 text-sm",
  lg: "h-12 px-6 text-base",
} as const;

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: keyof typeof BUTTON_VARIANTS;
  size?: keyof typeof BUTTON_SIZES;
  /** Layout only (margins, width, alignment): never a colour, height, padding or text size of its own. */
  className?: string;
}

export function Button({ variant = "primary", size = "md", className, type, ...props }: ButtonProps) {
  return (
    <button
      type={type ?? "button"}
      className={clsx(
        "inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
        BUTTON_VARIANTS[variant],
        BUTTON_SIZES[size],
        className,
      )}
      {...props}
    />
  );
}

/** The frame of every text control; its height, padding and text size come from `CONTROL_SIZES`. */
const CONTROL =
  "w-full min-w-0 rounded-lg border border-slate-300 bg-white text-slate-900 placeholder:text-slate-500 disabled:opacity-60 aria-invalid:border-red-600";

export const CONTROL_SIZES = {
  md: "h-10 px-3 text-sm",
  lg: "h-11 px-3 text-base",
  /** Room for an icon at the left (the knowledge base's search). */
  lgWithIcon: "h-11 pr-3 pl-9 text-base",
  area: "px-3 py-2 text-sm",
} as const;

export function controlClass(size: keyof typeof CONTROL_SIZES, className?: string): string {
  return clsx(CONTROL, CONTROL_SIZES[size], className);
}

/** What a control needs to be named by its label and described by its error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
  "aria-required"?: boolean;
}

/** A label, a control and its error text, tied together (as components/ui/field.tsx). */
export function Field({
  label,
  error,
  required = false,
  className,
  children,
}: {
  label: string;
  error?: string | undefined;
  required?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={clsx("flex min-w-0 flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        )}
      </label>
      {children({
        id,
        "aria-invalid": Boolean(error),
        "aria-describedby": error ? errorId : undefined,
        ...(required ? { "aria-required": true } : {}),
      })}
      {error && (
        <p id={errorId} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
