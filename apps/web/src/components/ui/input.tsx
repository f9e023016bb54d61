import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export const controlClass =
  "w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 disabled:opacity-60 aria-invalid:border-red-600";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(controlClass, "h-10", className)} {...props} />;
}
