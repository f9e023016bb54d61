import { CalendarCheck, CalendarX2, LoaderCircle, ShieldCheck, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Brand } from "../../components/brand";
import { cn } from "../../lib/cn";

export type CalendarTone = "verifying" | "ready" | "success" | "warning" | "error";

const TONES: Record<CalendarTone, { icon: typeof CalendarCheck; className: string }> = {
  verifying: { icon: LoaderCircle, className: "bg-teal-50 text-teal-700 [&_svg]:animate-spin" },
  ready: { icon: ShieldCheck, className: "bg-teal-50 text-teal-700" },
  success: { icon: CalendarCheck, className: "bg-emerald-50 text-emerald-700" },
  warning: { icon: TriangleAlert, className: "bg-amber-50 text-amber-800" },
  error: { icon: CalendarX2, className: "bg-red-50 text-red-700" },
};

/**
 * The frame of the calendar invitation pages (spec 001 §2 "Calendar invitation pages"): public, no dashboard, one
 * card with the state's icon, title and text, then its actions. The professional reaching them is not signed in.
 */
export function CalendarPage({
  tone,
  title,
  children,
  actions,
}: {
  tone: CalendarTone;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const { icon: Icon, className } = TONES[tone];
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-4">
          <Brand />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
        <section
          aria-labelledby="calendar-page-title"
          className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8"
        >
          <div
            aria-hidden="true"
            className={cn("mx-auto grid size-16 place-items-center rounded-full [&_svg]:size-8", className)}
          >
            <Icon />
          </div>
          <div role={tone === "verifying" ? "status" : undefined} aria-live="polite">
            <h1 id="calendar-page-title" className="mt-5 text-2xl font-semibold text-slate-900">
              {title}
            </h1>
            {children && <div className="mt-3 text-sm leading-relaxed text-slate-600">{children}</div>}
          </div>
          {actions && <div className="mt-6 flex flex-col gap-2">{actions}</div>}
        </section>
      </main>
    </div>
  );
}
