import {
  CALENDAR_INVITATION_VALIDITY_HOURS,
  CALENDAR_MESSAGES,
  CALENDAR_SYNC_PURPOSE,
} from "@atende/shared/calendar";
import { formatDateTime } from "@atende/shared/format";
import type { Professional } from "@atende/shared/schemas/professionals";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarCheck, CalendarClock, CalendarPlus, CalendarX2, Info } from "lucide-react";
import type { ReactNode } from "react";
import { toast } from "sonner";
import { Spinner } from "../../components/spinner";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { ErrorState } from "../../components/ui/states";
import { serverMessageOf } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";

const M = CALENDAR_MESSAGES;

/**
 * 'Integração Google Calendar - {name}' (spec 001 §2 "Professionals", §8 "Calendar invitation (professional dialog)"):
 * synced, pending, not connected (with the benefits), and, our addition, a broken grant offering a new invitation.
 * Without a registered e-mail the invitation button is disabled with a note.
 */
export function CalendarSyncDialog({
  professional,
  onOpenChange,
  onEditProfessional,
}: {
  professional: Professional | null;
  onOpenChange: (open: boolean) => void;
  /** Opens the professional's form (to register the e-mail an invitation needs). */
  onEditProfessional: (professional: Professional) => void;
}) {
  return (
    <Dialog open={professional !== null} onOpenChange={onOpenChange}>
      {professional && (
        <DialogContent title={M.dialogTitle(professional.name)}>
          <CalendarSyncBody professional={professional} onEdit={() => onEditProfessional(professional)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function CalendarSyncBody({ professional, onEdit }: { professional: Professional; onEdit: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const statusOptions = trpc.calendars.status.queryOptions({ id: professional.id });
  const status = useQuery(statusOptions);
  const resend = status.data?.hasPendingInvitations ?? false;
  const invite = useMutation(
    trpc.calendars.generateInvitation.mutationOptions({
      onSuccess: async (result) => {
        if (result.error) toast.error(result.error);
        else if (result.emailSent)
          toast.success(resend ? M.invitationResent : M.invitationSent, {
            description: result.expiresAt ? `Válido até ${formatDateTime(result.expiresAt)}` : undefined,
          });
        else toast.error(M.invitationCreated, { description: M.invitationNotEmailed });
        await queryClient.invalidateQueries({ queryKey: statusOptions.queryKey });
      },
      onError: (error) => toast.error(serverMessageOf(error) ?? (resend ? M.resendFailed : M.createFailed)),
    }),
  );

  if (status.isPending) return <Spinner label="Carregando..." />;
  if (status.isError)
    return (
      <ErrorState
        message={serverMessageOf(status.error) ?? M.statusFailed}
        onRetry={() => void status.refetch()}
      />
    );

  const data = status.data;
  const hasEmail = Boolean(professional.email);
  const sendInvitation = (label: string) => (
    <div className="flex flex-col gap-2">
      <Button
        disabled={!hasEmail || invite.isPending}
        onClick={() =>
          invite.mutate({
            id: professional.id,
            purpose: CALENDAR_SYNC_PURPOSE,
            validityHours: CALENDAR_INVITATION_VALIDITY_HOURS,
          })
        }
      >
        <CalendarPlus aria-hidden="true" />
        {invite.isPending ? "Enviando..." : label}
      </Button>
      {!hasEmail && (
        <>
          <p className="text-sm text-amber-900">
            {M.noEmail} Cadastre um e-mail para o profissional antes de criar o convite.
          </p>
          <Button variant="secondary" onClick={onEdit}>
            Cadastrar e-mail
          </Button>
        </>
      )}
    </div>
  );
  const unavailableNote = !data.calendarSyncAvailable && (
    <p className="flex gap-2 rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />A sincronização com o Google Calendar
      precisa do Google configurado neste servidor (GOOGLE_CLIENT_ID e GOOGLE_CLIENT_SECRET). O convite é
      enviado, mas só poderá ser autorizado depois disso.
    </p>
  );

  if (data.hasGoogleCalendar)
    return (
      <Display
        icon={<CalendarCheck />}
        tone="text-emerald-700 bg-emerald-50"
        title={M.syncedTitle}
        badge={<Badge tone="green">{M.syncedBadge}</Badge>}
      >
        <p>
          Os agendamentos deste profissional são criados automaticamente no Google Calendar
          {data.googleEmail ? ` de ${data.googleEmail}` : ""}, e atualizados quando mudam no sistema. Os
          compromissos da agenda dele deixam esses horários ocupados.
        </p>
      </Display>
    );

  if (data.connectionBroken)
    return (
      <Display
        icon={<CalendarX2 />}
        tone="text-red-700 bg-red-50"
        title={M.brokenTitle}
        badge={<Badge tone="amber">{M.brokenBadge}</Badge>}
      >
        <p>
          O acesso ao Google Calendar{data.googleEmail ? ` de ${data.googleEmail}` : ""} foi revogado ou
          expirou: os agendamentos não estão sendo sincronizados. Envie um novo convite para o profissional
          autorizar de novo.
        </p>
        {unavailableNote}
        {sendInvitation(M.createNewInvitation)}
      </Display>
    );

  if (data.hasPendingInvitations)
    return (
      <Display
        icon={<CalendarClock />}
        tone="text-amber-800 bg-amber-50"
        title={M.pendingTitle}
        badge={<Badge tone="amber">{M.pendingBadge}</Badge>}
      >
        <p>
          Um convite foi enviado para {professional.email ?? "o profissional"}
          {data.pendingInvitationExpiresAt
            ? ` e vale até ${formatDateTime(data.pendingInvitationExpiresAt)}`
            : ""}
          . A sincronização começa assim que o profissional autorizar o acesso ao Google Calendar.
        </p>
        {unavailableNote}
        {sendInvitation(M.createNewInvitation)}
      </Display>
    );

  return (
    <Display icon={<CalendarPlus />} tone="text-teal-700 bg-teal-50" title={M.notConnectedTitle}>
      <p>Convide o profissional a conectar o Google Calendar dele. Com a sincronização:</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>cada agendamento aparece automaticamente na agenda do profissional;</li>
        <li>remarcações e cancelamentos atualizam o evento na hora;</li>
        <li>compromissos pessoais da agenda bloqueiam esses horários para novos agendamentos.</li>
      </ul>
      <p>
        O profissional recebe um link por e-mail, válido por 48 horas, e autoriza com a conta Google dele.
      </p>
      {unavailableNote}
      {sendInvitation(M.createInvitation)}
    </Display>
  );
}

function Display({
  icon,
  tone,
  title,
  badge,
  children,
}: {
  icon: ReactNode;
  tone: string;
  title: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="calendar-sync-state" className="flex flex-col gap-4 text-sm text-slate-700">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className={`grid size-10 shrink-0 place-items-center rounded-full [&_svg]:size-5 ${tone}`}
        >
          {icon}
        </span>
        <h3 id="calendar-sync-state" className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        {badge}
      </div>
      {children}
    </section>
  );
}
