import type { MinutesPart } from "../../components/shell/plan-usage";
import { cn } from "../../lib/cn";

/** One usage bar of the plan page (spec 000 §2 "usage bars"): used/total minutes, read out as such. */
export function UsageBar({
  label,
  part,
  className,
}: {
  label: string;
  part: MinutesPart;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="text-slate-700">
          {part.used}/{part.total} min
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={part.percent}
        aria-valuetext={`${part.used} de ${part.total} minutos usados`}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn(
            "h-full rounded-full",
            part.percent >= 95 ? "bg-red-600" : part.percent >= 80 ? "bg-amber-500" : "bg-teal-600",
          )}
          style={{ width: `${part.percent}%` }}
        />
      </div>
    </div>
  );
}
