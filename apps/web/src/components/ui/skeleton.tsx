import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { CARD_GRID } from "./card-grid";

export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-slate-200", className)} {...props} />
  );
}

/** A grid of placeholder cards while a list loads; `label` is what a screen reader hears. */
export function CardListSkeleton({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <div role="status" className={CARD_GRID}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ))}
    </div>
  );
}
