import { CALENDAR_POPUP_CLOSE_SECONDS } from "@atende/shared/calendar";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button";
import { CalendarPage } from "./layout";
import { closeOrGoHome, isPopup } from "./popup";

/**
 * /calendar-integration/success (spec 001 §2): the calendar is connected and sync is active. In a popup: a 'Fechar'
 * button and the window closes itself after 5 seconds (spec 001 §9), telling its opener first; in a tab: it may be
 * closed.
 */
export function CalendarSuccessPage({ professional }: { professional?: string | undefined }) {
  const navigate = useNavigate();
  const [popup] = useState(isPopup);

  useEffect(() => {
    if (!popup) return;
    try {
      window.opener?.postMessage(
        { type: "calendar-integration", status: "success", professional: professional ?? null },
        window.location.origin,
      );
    } catch {
      // An opener on another origin: nothing to tell it.
    }
    const timer = window.setTimeout(() => window.close(), CALENDAR_POPUP_CLOSE_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [popup, professional]);

  return (
    <CalendarPage
      tone="success"
      title="Google Calendar conectado!"
      actions={
        popup ? (
          <Button onClick={() => closeOrGoHome(() => void navigate({ to: "/" }))}>Fechar</Button>
        ) : undefined
      }
    >
      <p>A sincronização está ativa.</p>
      <p className="mt-2">
        Os agendamentos são criados automaticamente no seu Google Calendar, e os eventos são atualizados
        quando houver mudanças no sistema.
      </p>
      <p className="mt-4 font-medium text-slate-700">
        {popup
          ? `Esta janela será fechada automaticamente em ${CALENDAR_POPUP_CLOSE_SECONDS} segundos.`
          : "Você já pode fechar esta aba."}
      </p>
    </CalendarPage>
  );
}
