import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export function Card({ className, ...props }: ComponentProps<"article">) {
  return (
    <article
      className={cn(
        "flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5",
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  // The buttons go under the title rather than squeeze it below a readable width (docs/decisions/0040-layout-by-container.md).
  return (
    <div className={cn("flex flex-wrap items-start justify-between gap-x-3 gap-y-1", className)} {...props} />
  );
}

/** A card's name: at least 10rem wide beside the header's buttons, so a word is never cut letter by letter. */
export function CardTitle({ className, ...props }: ComponentProps<"h3">) {
  return (
    <h3
      className={cn("min-w-0 flex-[1_1_10rem] text-base font-semibold break-words text-slate-900", className)}
      {...props}
    />
  );
}
