import { LoaderCircle } from "lucide-react";

interface SpinnerProps {
  label: string;
  className?: string;
}

/** An announced loading state: the label is visible and read by screen readers. */
export function Spinner({ label, className = "" }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex flex-col items-center gap-3 text-slate-600 ${className}`}
    >
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-teal-600" />
      <p className="text-sm font-medium">{label}</p>
    </div>
  );
}

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 p-6">
      <Spinner label={label} />
    </main>
  );
}
