import { PhoneCall } from "lucide-react";

/** The product mark; `compact` keeps only the icon (collapsed sidebar). */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 font-semibold text-slate-900">
      <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-teal-600 text-white shadow-sm">
        <PhoneCall aria-hidden="true" className="size-5" />
      </span>
      <span className={compact ? "sr-only" : "text-lg tracking-tight"}>Atende</span>
    </span>
  );
}
