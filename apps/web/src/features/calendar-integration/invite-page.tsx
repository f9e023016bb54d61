import { CALENDAR_MESSAGES } from "@atende/shared/calendar";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CalendarCheck } from "lucide-react";
import { Button } from "../../components/ui/button";
import { ApiProvider } from "../../lib/api-provider";
import { serverMessageOf } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";
import { authorizeErrorView, type InviteView, tokenView } from "./invite-states";
import { CalendarPage } from "./layout";

const M = CALENDAR_MESSAGES;

/**
 * /calendar-integration/invite/{token}/authorize (spec 001 §2 "Calendar invitation pages", §8 "Invitation page"):
 * checks the token, then 'Autorizar' asks the server for Google's consent page and sends the browser there. Reached
 * from the e-mailed link, without sign-in.
 */
export function CalendarInvitePage({ token }: { token: string }) {
  if (token.trim() === "")
    return (
      <CalendarPage tone="error" title={M.invalidUrlTitle}>
        <p>{M.tokenMissingInUrl}</p>
      </CalendarPage>
    );
  return (
    <ApiProvider>
      <InviteFlow token={token} />
    </ApiProvider>
  );
}

function InviteFlow({ token }: { token: string }) {
  const trpc = useTRPC();
  const status = useQuery({ ...trpc.calendarInvitations.status.queryOptions({ token }), retry: false });
  const authorize = useMutation(
    trpc.calendarInvitations.authorize.mutationOptions({
      onSuccess: (result) => {
        // spec 001 §7: the browser goes to Google when an address comes back and the calendar is not connected yet.
        if (result.authorizationUrl && !result.hasGoogleCalendar)
          window.location.assign(result.authorizationUrl);
      },
    }),
  );

  if (status.isPending) return <CalendarPage tone="verifying" title="Verificando convite..." />;
  if (status.isError)
    return (
      <Refused
        view={{
          tone: "error",
          title: M.authorizationErrorTitle,
          message: M.tokenCheckFailed,
          askForNew: false,
        }}
      />
    );
  const refused = tokenView(status.data);
  if (refused) return <Refused view={refused} />;

  if (authorize.isError) return <Refused view={authorizeErrorView(serverMessageOf(authorize.error))} />;
  const answer = authorize.data;
  if (answer?.hasGoogleCalendar)
    return (
      <CalendarPage tone="success" title={M.alreadyIntegratedTitle}>
        <p>O Google Calendar deste profissional já está conectado e a sincronização está ativa.</p>
      </CalendarPage>
    );
  if (answer && !answer.authorizationUrl)
    return (
      <CalendarPage tone="warning" title={M.unavailableTitle}>
        <p>{M.unavailable}</p>
        <p className="mt-2">Avise a clínica que enviou o convite.</p>
      </CalendarPage>
    );
  if (answer?.authorizationUrl)
    return <CalendarPage tone="verifying" title="Redirecionando para o Google..." />;

  return (
    <CalendarPage
      tone="ready"
      title="Conectar Google Calendar"
      actions={
        <Button disabled={authorize.isPending} onClick={() => authorize.mutate({ token })}>
          <CalendarCheck aria-hidden="true" />
          {authorize.isPending ? "Autorizando..." : "Autorizar Google Calendar"}
        </Button>
      }
    >
      <p>
        Você foi convidado a sincronizar a sua agenda com o Google Calendar. Ao autorizar, os seus
        agendamentos serão criados automaticamente no seu calendário e atualizados quando mudarem.
      </p>
      <p className="mt-2">
        Entre com a conta Google do e-mail que recebeu o convite e permita o acesso ao calendário.
      </p>
    </CalendarPage>
  );
}

function Refused({ view }: { view: InviteView }) {
  return (
    <CalendarPage
      tone={view.tone}
      title={view.title}
      actions={
        <Button asChild variant="secondary">
          <Link to="/">Voltar ao Início</Link>
        </Button>
      }
    >
      <p>{view.message}</p>
      {view.askForNew && <p className="mt-2">Peça um novo convite à clínica que enviou este.</p>}
    </CalendarPage>
  );
}
