import { CircleAlert, Inbox } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button";

/** A list with nothing in it, with the spec's empty text. */
export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
      <Inbox aria-hidden="true" className="size-8 text-slate-400" />
      <p className="text-sm text-slate-600">{message}</p>
      {children}
    </div>
  );
}

/** A list that failed to load: 'Erro ao carregar …: {message}' (spec 001 §8), with a retry. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-10 text-center"
    >
      <CircleAlert aria-hidden="true" className="size-8 text-red-600" />
      <p className="text-sm text-red-800">{message}</p>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Tentar novamente
        </Button>
      )}
    </div>
  );
}
