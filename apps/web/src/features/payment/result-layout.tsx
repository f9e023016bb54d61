import { Link } from "@tanstack/react-router";
import { ArrowLeft, CheckCircle2, Clock, LoaderCircle, TriangleAlert, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Brand } from "../../components/brand";
import { cn } from "../../lib/cn";

export type ResultTone = "verifying" | "success" | "processing" | "canceled" | "expired";

const TONES: Record<ResultTone, { icon: typeof CheckCircle2; className: string }> = {
  verifying: { icon: LoaderCircle, className: "bg-teal-50 text-teal-700 [&_svg]:animate-spin" },
  success: { icon: CheckCircle2, className: "bg-emerald-50 text-emerald-700" },
  processing: { icon: Clock, className: "bg-amber-50 text-amber-700" },
  canceled: { icon: XCircle, className: "bg-slate-100 text-slate-600" },
  expired: { icon: TriangleAlert, className: "bg-amber-50 text-amber-700" },
};

/**
 * The frame of every payment result page (spec 000 §2 "Payment result pages"): public, light (no dashboard code),
 * one card with the state's icon, title and text, its actions, and 'Voltar para o site'.
 */
export function PaymentResult({
  tone,
  title,
  children,
  actions,
}: {
  tone: ResultTone;
  title: string;
  children: ReactNode;
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
          aria-labelledby="payment-result-title"
          className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8"
        >
          <div
            // The verifying state is announced by its title (role status below); the icon is decoration.
            aria-hidden="true"
            className={cn("mx-auto grid size-16 place-items-center rounded-full [&_svg]:size-8", className)}
          >
            <Icon />
          </div>
          <div role={tone === "verifying" ? "status" : undefined} aria-live="polite">
            <h1 id="payment-result-title" className="mt-5 text-2xl font-semibold text-slate-900">
              {title}
            </h1>
            <div className="mt-3 text-sm leading-relaxed text-slate-600">{children}</div>
          </div>
          {actions && <div className="mt-6 flex flex-col gap-2">{actions}</div>}
          <Link
            to="/"
            className="mt-6 inline-flex items-center gap-1.5 rounded text-sm font-medium text-teal-700 hover:text-teal-900 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Voltar para o site
          </Link>
        </section>
      </main>
    </div>
  );
}

/** A full-width action of a result page, styled as the app's primary or secondary button. */
export function ResultAction({
  to,
  children,
  variant = "primary",
}: {
  to: "/dashboard" | "/dashboard/gerenciar-plano" | "/testar-agente";
  children: ReactNode;
  variant?: "primary" | "secondary";
}) {
  return (
    <Link
      to={to}
      className={cn(
        "inline-flex h-10 w-full items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600",
        variant === "primary"
          ? "bg-teal-700 text-white hover:bg-teal-800"
          : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
      )}
    >
      {children}
    </Link>
  );
}
