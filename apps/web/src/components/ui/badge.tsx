import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

const tones = {
  neutral: "bg-slate-100 text-slate-700",
  teal: "bg-teal-50 text-teal-800",
  blue: "bg-sky-50 text-sky-800",
  amber: "bg-amber-50 text-amber-900",
  green: "bg-emerald-50 text-emerald-800",
} as const;

export function Badge({
  tone = "neutral",
  className,
  ...props
}: ComponentProps<"span"> & { tone?: keyof typeof tones }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
