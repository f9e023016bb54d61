// The home's outcomes above the six cards (issue #25, part 4; docs/decisions/0042-home-outcomes.md): today's and
// tomorrow's appointments, the last calls and the week's results, from `dashboard.overview`.
import { formatDate, formatDayMonthTime } from "@atende/shared/format";
import { formatPhone } from "@atende/shared/phone-format";
import { conversationActionLabel, conversationStatusLabel } from "@atende/shared/schemas/conversations";
import type { DashboardAppointment, DashboardOverview, NoShowRate } from "@atende/shared/schemas/dashboard";
import { timeOfDayOf } from "@atende/shared/time";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Spinner } from "../../components/spinner";
import { useTRPC } from "../../lib/trpc";

export function HomeOutcomes() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.dashboard.overview.queryOptions());
  if (overview.isPending) return <Spinner label="Carregando resultados..." className="py-10" />;
  if (overview.isError)
    return (
      <p role="alert" className="mt-6 text-sm text-slate-700">
        Não foi possível carregar os resultados.{" "}
        <button
          type="button"
          className="font-medium text-teal-800 underline"
          onClick={() => void overview.refetch()}
        >
          Tentar novamente
        </button>
      </p>
    );
  const data = overview.data;
  return (
    <div className="mt-8 flex flex-col gap-6">
      <div className="grid gap-4 [grid-template-columns:repeat(auto-fit,minmax(min(100%,18rem),1fr))]">
        <Panel title="Agendamentos de hoje">
          <Appointments list={data.appointmentsToday} empty="Nenhum agendamento para hoje." />
        </Panel>
        <Panel title="Agendamentos de amanhã">
          <Appointments list={data.appointmentsTomorrow} empty="Nenhum agendamento para amanhã." />
        </Panel>
        <Panel title="Últimas ligações">
          <LastCalls calls={data.lastCalls} />
        </Panel>
      </div>
      <Week week={data.week} />
      <Confirmations confirmations={data.confirmations} />
      <WeeklyReportSetting enabled={data.weeklyReportEnabled} />
    </div>
  );
}

/**
 * The weekly e-mail of these outcomes to the owners: on by default, turned off here. The box follows the click at once
 * (the overview's cache is updated before the server answers, and put back if it refuses), so an overview fetch that
 * was already on its way cannot flip it back.
 */
function WeeklyReportSetting({ enabled }: { enabled: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const overviewKey = trpc.dashboard.overview.queryKey();
  const save = useMutation(
    trpc.dashboard.setWeeklyReport.mutationOptions({
      onMutate: async ({ enabled: next }) => {
        await queryClient.cancelQueries({ queryKey: overviewKey });
        const before = queryClient.getQueryData(overviewKey);
        queryClient.setQueryData(overviewKey, (old) => (old ? { ...old, weeklyReportEnabled: next } : old));
        return { before };
      },
      onError: (_error, _input, context) => {
        if (context?.before) queryClient.setQueryData(overviewKey, context.before);
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: overviewKey }),
    }),
  );
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        className="size-4 accent-teal-700"
        checked={enabled}
        disabled={save.isPending}
        onChange={(event) => save.mutate({ enabled: event.target.checked })}
      />
      Receber este resumo por e-mail toda segunda-feira
    </label>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-slate-600">{children}</p>;
}

function Appointments({ list, empty }: { list: DashboardAppointment[]; empty: string }) {
  if (list.length === 0)
    return (
      <Empty>
        {empty}{" "}
        <Link to="/dashboard/agendas" className="font-medium text-teal-800 underline">
          Abrir a agenda
        </Link>
      </Empty>
    );
  return (
    <ul className="flex flex-col gap-2">
      {list.map((a) => (
        <li key={a.id} className="flex gap-3">
          <time dateTime={a.scheduledAt} className="font-semibold text-slate-900 tabular-nums">
            {timeOfDayOf(new Date(a.scheduledAt))}
          </time>
          <span className="min-w-0 text-slate-700">
            {a.clientName} <span className="text-slate-600">· {a.professionalName}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function LastCalls({ calls }: { calls: DashboardOverview["lastCalls"] }) {
  if (calls.length === 0)
    return (
      <Empty>
        Nenhuma ligação ainda.{" "}
        <Link to="/testar-agente" className="font-medium text-teal-800 underline">
          Teste o seu agente
        </Link>{" "}
        e desvie a sua linha para ele.
      </Empty>
    );
  return (
    <ul className="flex flex-col gap-2">
      {calls.map((call) => (
        <li key={call.id} className="min-w-0">
          <Link
            to="/dashboard/atendimentos/$id"
            params={{ id: call.id }}
            className="font-medium text-slate-900 hover:underline"
          >
            {call.clientName?.trim() ||
              (call.phoneNumber ? formatPhone(call.phoneNumber) : "Cliente não identificado")}
          </Link>
          <p className="text-slate-600">
            <time dateTime={call.startedAt}>{formatDayMonthTime(call.startedAt)}</time> ·{" "}
            {call.actionType
              ? conversationActionLabel(call.actionType)
              : conversationStatusLabel(call.status)}
          </p>
        </li>
      ))}
    </ul>
  );
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

function Week({ week }: { week: DashboardOverview["week"] }) {
  const title = `Resultados da semana (${formatDate(week.startDate).slice(0, 5)} a ${formatDate(week.endDate).slice(0, 5)})`;
  const empty = week.callsAnswered === 0 && week.reasons.length === 0;
  return (
    <Panel title={title}>
      {empty ? (
        <Empty>
          Nenhuma ligação nesta semana. Quando o agente atender, você verá aqui as ligações, os agendamentos e
          os minutos usados.{" "}
          <Link to="/dashboard/redirecionamento-telefone" className="font-medium text-teal-800 underline">
            Veja como desviar a sua linha
          </Link>
        </Empty>
      ) : (
        <div className="flex flex-col gap-5">
          <dl className="grid gap-3 [grid-template-columns:repeat(auto-fit,minmax(9rem,1fr))]">
            <Stat label="Ligações atendidas" value={String(week.callsAnswered)} />
            <Stat
              label="Fora do horário"
              value={percent(week.outsideHoursShare)}
              hint={`${week.callsOutsideHours} fora da disponibilidade dos profissionais`}
            />
            <Stat label="Agendamentos pelo agente" value={String(week.bookings)} />
            <Stat label="Remarcações" value={String(week.reschedules)} />
            <Stat label="Cancelamentos" value={String(week.cancellations)} />
            <Stat
              label="Minutos usados"
              value={String(week.minutesUsed)}
              hint={
                week.planMinutes > 0
                  ? `${week.planMinutesLeft} de ${week.planMinutes} do plano restantes`
                  : "Sem plano ativo"
              }
            />
            <Stat label="Transferidas" value={String(week.transferred)} />
            <Stat label="Sem resultado" value={String(week.withoutOutcome)} />
          </dl>
          <WeekChart days={week.days} />
          {week.reasons.length > 0 && (
            <div>
              <h3 className="font-semibold text-slate-900">Transferidas ou sem resultado, por motivo</h3>
              <ul className="mt-1 text-slate-700">
                {week.reasons.map((r) => (
                  <li key={r.reason}>
                    {r.reason}: {r.count}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </Panel>
  );
}

const rateOf = (rate: NoShowRate | null) =>
  rate?.rate == null ? "—" : `${(rate.rate * 100).toFixed(1).replace(".", ",")}%`;
const rateHint = (rate: NoShowRate | null) =>
  rate
    ? `${rate.noShows} de ${rate.appointments} (${formatDate(rate.fromDate).slice(0, 5)} a ${formatDate(rate.toDate).slice(0, 5)})`
    : undefined;

/** The agent's confirmations of the last seven days and the no-show rate before and after (decision 0050). */
function Confirmations({ confirmations: c }: { confirmations: DashboardOverview["confirmations"] }) {
  return (
    <Panel title="Confirmações de agendamento">
      {!c.enabledSince ? (
        <Empty>
          O agente pode confirmar os agendamentos pelo WhatsApp e por ligação no dia anterior.{" "}
          <Link to="/dashboard/agente/confirmacoes" className="font-medium text-teal-800 underline">
            Ativar confirmações
          </Link>
        </Empty>
      ) : (
        <dl className="grid gap-3 [grid-template-columns:repeat(auto-fit,minmax(9rem,1fr))]">
          <Stat
            label="Confirmações enviadas"
            value={String(c.sent)}
            hint={c.enabled ? "Últimos 7 dias" : "Desativadas agora"}
          />
          <Stat label="Confirmados" value={String(c.confirmed)} />
          <Stat label="Remarcados" value={String(c.rescheduled)} />
          <Stat label="Cancelados" value={String(c.cancelled)} />
          <Stat label="Faltas antes" value={rateOf(c.noShowBefore)} hint={rateHint(c.noShowBefore)} />
          <Stat label="Faltas depois" value={rateOf(c.noShowAfter)} hint={rateHint(c.noShowAfter)} />
        </dl>
      )}
    </Panel>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-xl font-semibold text-slate-900 tabular-nums">{value}</dd>
      {hint && <dd className="text-xs text-slate-600">{hint}</dd>}
    </div>
  );
}

const WEEKDAYS = ["dom", "seg", "ter", "qua", "qui", "sex", "sáb"];

/** Calls answered per day as SVG bars (no chart library), with the figures in its accessible description. */
function WeekChart({ days }: { days: DashboardOverview["week"]["days"] }) {
  const max = Math.max(1, ...days.map((d) => d.answered));
  const width = 280;
  const height = 110;
  const slot = width / days.length;
  const label = days
    .map((d) => `${formatDate(d.date).slice(0, 5)}: ${d.answered} atendidas, ${d.booked} agendamentos`)
    .join("; ");
  return (
    <figure className="max-w-md">
      <svg
        viewBox={`0 0 ${width} ${height + 18}`}
        role="img"
        aria-label={`Ligações atendidas por dia. ${label}`}
      >
        {days.map((d, i) => {
          const h = Math.round((d.answered / max) * height);
          const weekday = WEEKDAYS[new Date(`${d.date}T12:00:00-03:00`).getUTCDay()] ?? "";
          return (
            <g key={d.date}>
              <rect
                x={i * slot + 6}
                y={height - h}
                width={slot - 12}
                height={h}
                rx={3}
                className="fill-teal-600"
              />
              <text
                x={i * slot + slot / 2}
                y={height + 14}
                textAnchor="middle"
                className="fill-slate-600 text-[10px]"
              >
                {weekday}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="text-xs text-slate-600">Ligações atendidas por dia</figcaption>
    </figure>
  );
}
