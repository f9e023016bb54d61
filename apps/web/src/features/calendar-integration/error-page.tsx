import {
  CALENDAR_ACCESS_DENIED_HINT,
  CALENDAR_ERROR_TEXTS,
  calendarOAuthErrorText,
  isCalendarErrorReason,
} from "@atende/shared/calendar";
import { useNavigate } from "@tanstack/react-router";
import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { CalendarPage } from "./layout";
import { closeOrGoHome, isPopup } from "./popup";
import type { ErrorSearch } from "./search";

/**
 * /calendar-integration/error (spec 001 §2, §8 "Calendar error page by reason code"): the reason's title and text (or
 * the OAuth error's when there is no reason), a technical-details box when there is either, the access_denied hint,
 * 'Tentar Novamente' only when a retry can help; both buttons close a popup, else lead to the home page.
 */
export function CalendarErrorPage({ search }: { search: ErrorSearch }) {
  const navigate = useNavigate();
  const [popup] = useState(isPopup);
  const text = isCalendarErrorReason(search.reason)
    ? CALENDAR_ERROR_TEXTS[search.reason]
    : calendarOAuthErrorText(search.error ?? null, search.error_description ?? null);
  const leave = () => closeOrGoHome(() => void navigate({ to: "/" }));
  const details: [string, string | undefined][] = [
    ["Código", search.reason],
    ["Erro OAuth", search.error],
    ["Descrição", search.error_description],
    ["Profissional", search.professional],
  ];

  return (
    <CalendarPage
      tone="error"
      title={text.title}
      actions={
        <>
          {text.retry && (
            <Button onClick={leave}>
              <RotateCcw aria-hidden="true" />
              Tentar Novamente
            </Button>
          )}
          <Button variant={text.retry ? "secondary" : "primary"} onClick={leave}>
            {popup ? "Fechar" : "Voltar ao Início"}
          </Button>
        </>
      }
    >
      <p>{text.description}</p>
      {search.error === "access_denied" && (
        <p className="mt-2 font-medium text-slate-700">{CALENDAR_ACCESS_DENIED_HINT}</p>
      )}
      {(search.error || search.reason) && (
        <section
          aria-labelledby="calendar-error-details"
          className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-3 text-left"
        >
          <h2
            id="calendar-error-details"
            className="text-xs font-semibold tracking-wide text-slate-700 uppercase"
          >
            Detalhes técnicos
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
            {details
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-slate-500">{label}</dt>
                  <dd className="min-w-0 font-mono break-all text-slate-800">{value}</dd>
                </div>
              ))}
          </dl>
        </section>
      )}
    </CalendarPage>
  );
}
