import { formatDate } from "@atende/shared/format";
import { APPOINTMENT_STATUS_LABELS } from "@atende/shared/schemas/appointments";
import { HOLD_LABEL } from "@atende/shared/schemas/waitlist";
import { formatMinutesOfDay } from "@atende/shared/time";
import type { ReactNode } from "react";
import { Tooltip } from "../../components/ui/tooltip";
import { cn } from "../../lib/cn";
import { type AgendaView, rulerRange } from "./layout";
import { type PlacedEvent, WEEKDAY_SHORT, weekdayIndex, wireClock } from "./model";
import type { AgendaCatalogues } from "./use-agenda-catalogues";

/** spec 001 §9: about 50 px an hour in the daily view, 35 in the weekly one (a little more, for legible text). */
const HOUR_HEIGHT = { day: 56, week: 44 } as const;
/** How many blocks a month cell lists before '+N mais'. */
const MONTH_CELL_MAX = 3;

export interface CalendarProps {
  view: AgendaView;
  dates: string[];
  /** The month shown (yyyy-MM), to dim the days outside it. */
  month: string;
  today: string;
  events: Map<string, PlacedEvent[]>;
  catalogues: AgendaCatalogues;
  onEvent: (event: PlacedEvent) => void;
  onEmptyDay: (date: string) => void;
  onOpenDay: (date: string) => void;
}

const timeRange = (event: PlacedEvent) =>
  event.kind === "appointment"
    ? `${wireClock(event.appointment.scheduledAt)} - ${wireClock(event.appointment.endsAt)}`
    : event.kind === "hold"
      ? `${wireClock(event.hold.startsAt)} - ${wireClock(event.hold.endsAt)}`
      : `${wireClock(event.occurrence.slot.start)} - ${wireClock(event.occurrence.slot.end)}`;

const startClock = (event: PlacedEvent) => timeRange(event).slice(0, 5);

/** The block's kind, as the tooltip's title and the accessible name say it. */
const kindLabel = (event: PlacedEvent) =>
  event.kind === "appointment" ? "Agendamento" : event.kind === "hold" ? HOLD_LABEL : "Disponibilidade";

/** The hover and focus tooltip (spec 001 §2): what a block holds, beyond its short label. */
function EventDetails({ event, catalogues }: { event: PlacedEvent; catalogues: AgendaCatalogues }) {
  const rows: [string, string][] =
    event.kind === "appointment"
      ? [
          ["Paciente", catalogues.clientName(event.appointment.clientId)],
          ["Local", catalogues.establishmentName(event.appointment.establishmentId)],
          ["Profissional", catalogues.professionalName(event.appointment.professionalId)],
          ["Horário", timeRange(event)],
          ["Serviços", event.appointment.offeredServices.map((s) => s.offeredServiceName).join(", ")],
          ["Status", APPOINTMENT_STATUS_LABELS[event.appointment.status]],
        ]
      : event.kind === "hold"
        ? [
            ["Paciente", event.hold.clientName],
            ["Serviço", event.hold.offeredServiceName],
            ["Profissional", catalogues.professionalName(event.hold.professionalId)],
            ["Local", catalogues.establishmentName(event.hold.establishmentId)],
            ["Horário", timeRange(event)],
            ["Reservado até", wireClock(event.hold.expiresAt)],
          ]
        : [
            ["Profissional", catalogues.professionalName(event.occurrence.professionalId)],
            ["Local", catalogues.establishmentName(event.occurrence.establishmentId)],
            ["Horário", timeRange(event)],
            ...(event.occurrence.notes ? ([["Notas", event.occurrence.notes]] as [string, string][]) : []),
          ];
  return (
    <div className="flex flex-col gap-0.5">
      <p className="font-semibold">{kindLabel(event)}</p>
      {rows.map(([label, value]) => (
        <p key={label}>
          <span className="text-slate-300">{label}:</span> {value}
        </p>
      ))}
    </div>
  );
}

const shortLabel = (event: PlacedEvent, catalogues: AgendaCatalogues) =>
  event.kind === "appointment"
    ? catalogues.clientName(event.appointment.clientId)
    : event.kind === "hold"
      ? `${HOLD_LABEL} (até ${wireClock(event.hold.expiresAt)})`
      : catalogues.professionalName(event.occurrence.professionalId);

/** The accessible name: kind, who, when (the tooltip repeats it with the rest). */
const accessibleName = (event: PlacedEvent, catalogues: AgendaCatalogues) =>
  event.kind === "hold"
    ? `${HOLD_LABEL}: ${event.hold.clientName}, ${formatDate(event.date)} ${timeRange(event)}, até ${wireClock(event.hold.expiresAt)}`
    : `${kindLabel(event)}: ${shortLabel(event, catalogues)}, ${formatDate(event.date)} ${timeRange(event)}`;

const eventColors = (event: PlacedEvent) =>
  event.kind === "appointment"
    ? cn(
        "border-emerald-600 bg-emerald-100 text-emerald-950 hover:bg-emerald-200",
        (event.appointment.status === "CANCELED" || event.appointment.status === "NO_SHOW") &&
          "opacity-70 line-through",
      )
    : event.kind === "hold"
      ? // Striped amber: a slot neither free nor booked.
        "border-amber-500 bg-amber-50 text-amber-950 hover:bg-amber-100 bg-[repeating-linear-gradient(135deg,transparent_0,transparent_6px,rgb(253_230_138/0.6)_6px,rgb(253_230_138/0.6)_12px)]"
      : "border-sky-500 bg-sky-100 text-sky-950 hover:bg-sky-200";

function EventButton({
  event,
  catalogues,
  onEvent,
  className,
  style,
  children,
}: {
  event: PlacedEvent;
  catalogues: AgendaCatalogues;
  onEvent: (event: PlacedEvent) => void;
  className?: string;
  style?: React.CSSProperties;
  children: ReactNode;
}) {
  return (
    <Tooltip content={<EventDetails event={event} catalogues={catalogues} />}>
      <button
        type="button"
        data-agenda-event={event.kind}
        aria-label={accessibleName(event, catalogues)}
        onClick={() => onEvent(event)}
        className={cn(
          "overflow-hidden rounded-md border-l-4 text-left text-xs leading-tight",
          eventColors(event),
          className,
        )}
        style={style}
      >
        {children}
      </button>
    </Tooltip>
  );
}

/** The day-number badge: a button that opens 'Criar Evento' for that day (the keyboard's way to an empty day). */
function DayBadge({
  date,
  today,
  dim,
  onEmptyDay,
}: {
  date: string;
  today: string;
  dim: boolean;
  onEmptyDay: (date: string) => void;
}) {
  return (
    <button
      type="button"
      aria-label={`Criar evento em ${formatDate(date)}`}
      aria-current={date === today ? "date" : undefined}
      onClick={() => onEmptyDay(date)}
      className={cn(
        "inline-flex size-7 items-center justify-center rounded-full text-sm font-semibold",
        date === today
          ? "bg-teal-700 text-white"
          : dim
            ? "text-slate-500 hover:bg-slate-100"
            : "text-slate-900 hover:bg-slate-100",
      )}
    >
      {Number(date.slice(8, 10))}
    </button>
  );
}

/** The daily (one column) and weekly (seven, Sunday first) views over an hour ruler. */
function TimeGrid({ view, dates, today, events, catalogues, onEvent, onEmptyDay }: CalendarProps) {
  const hourHeight = view === "day" ? HOUR_HEIGHT.day : HOUR_HEIGHT.week;
  const ruler = rulerRange([...events.values()].flat());
  const hours: number[] = [];
  for (let m = ruler.start; m < ruler.end; m += 60) hours.push(m);
  const height = ((ruler.end - ruler.start) / 60) * hourHeight;
  const top = (minutes: number) => ((Math.max(minutes, ruler.start) - ruler.start) / 60) * hourHeight;
  return (
    // The week's seven days share the box's width at every size, so Saturday is never pushed into a sideways scroll
    // (docs/decisions/0040-layout-by-container.md); in a narrow box the ruler narrows and a day's header stacks.
    <div className="@container overflow-x-auto rounded-lg border border-slate-200" data-agenda-grid={view}>
      <div
        className="grid [--ruler:2.75rem] @lg:[--ruler:3.5rem]"
        style={{ gridTemplateColumns: `var(--ruler) repeat(${dates.length}, minmax(0, 1fr))` }}
      >
        <div className="sticky left-0 z-20 border-b border-slate-200 bg-slate-50" />
        {dates.map((date) => (
          <div
            key={date}
            data-agenda-day={date}
            className={cn(
              "flex min-w-0 flex-col items-center justify-center gap-0.5 border-b border-l border-slate-200 py-2 text-xs font-medium text-slate-600 @2xl:flex-row @2xl:gap-1.5",
              date === today ? "bg-teal-50" : "bg-slate-50",
            )}
          >
            <span>{WEEKDAY_SHORT[weekdayIndex(date)]}</span>
            <DayBadge date={date} today={today} dim={false} onEmptyDay={onEmptyDay} />
          </div>
        ))}
        {/* The ruler stays in view while a phone scrolls the week sideways. */}
        <div className="sticky left-0 z-20 bg-white" style={{ height }}>
          {hours.map((m) => (
            <span
              key={m}
              className="absolute right-1.5 text-[11px] text-slate-500"
              style={{ top: top(m) + 2 }}
            >
              {formatMinutesOfDay(m)}
            </span>
          ))}
        </div>
        {dates.map((date) => (
          <div
            key={date}
            className={cn("relative border-l border-slate-200", date === today && "bg-teal-50/40")}
            style={{
              height,
              backgroundImage: `repeating-linear-gradient(to bottom, transparent 0, transparent ${hourHeight - 1}px, rgb(226 232 240) ${hourHeight - 1}px, rgb(226 232 240) ${hourHeight}px)`,
            }}
          >
            {/* The empty area opens 'Criar Evento' on a click; keyboard users have the day badge above. */}
            <button
              type="button"
              tabIndex={-1}
              aria-hidden="true"
              className="absolute inset-0 size-full cursor-copy"
              onClick={() => onEmptyDay(date)}
            />
            {(events.get(date) ?? []).map((event) => {
              const blockTop = top(event.start);
              const blockHeight = Math.max(top(Math.min(event.end, ruler.end)) - blockTop, 18);
              return (
                <EventButton
                  key={event.key}
                  event={event}
                  catalogues={catalogues}
                  onEvent={onEvent}
                  className="absolute px-1 py-0.5"
                  style={{
                    top: blockTop,
                    height: blockHeight,
                    left: `calc(${(event.lane / event.lanes) * 100}% + 1px)`,
                    width: `calc(${100 / event.lanes}% - 2px)`,
                  }}
                >
                  {blockHeight < 32 ? (
                    // A short block has room for one line: its start and who.
                    <span className="block truncate">
                      <span className="font-semibold">{startClock(event)}</span>{" "}
                      {shortLabel(event, catalogues)}
                    </span>
                  ) : (
                    <>
                      <span className="block truncate font-semibold">{shortLabel(event, catalogues)}</span>
                      <span className="block truncate">{timeRange(event)}</span>
                    </>
                  )}
                </EventButton>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The monthly view: whole weeks, days outside the month dimmed, up to three blocks a day then '+N mais'. */
function MonthGrid({
  dates,
  month,
  today,
  events,
  catalogues,
  onEvent,
  onEmptyDay,
  onOpenDay,
}: CalendarProps) {
  return (
    // Seven columns of whatever width the box has: a narrow cell truncates its blocks rather than scroll sideways.
    <div className="overflow-x-auto rounded-lg border border-slate-200" data-agenda-grid="month">
      <div className="grid grid-cols-[repeat(7,minmax(0,1fr))]">
        {WEEKDAY_SHORT.map((label) => (
          <div
            key={label}
            className="border-b border-l border-slate-200 bg-slate-50 py-2 text-center text-xs font-medium text-slate-600 first:border-l-0"
          >
            {label}
          </div>
        ))}
        {dates.map((date, index) => {
          const outside = date.slice(0, 7) !== month;
          const list = events.get(date) ?? [];
          const shown = list.slice(0, MONTH_CELL_MAX);
          return (
            <div
              key={date}
              data-agenda-day={date}
              className={cn(
                "relative flex min-h-28 min-w-0 flex-col gap-1 border-b border-l border-slate-200 p-1",
                index % 7 === 0 && "border-l-0",
                outside && "bg-slate-50 opacity-60",
                date === today && "bg-teal-50",
              )}
            >
              <button
                type="button"
                tabIndex={-1}
                aria-hidden="true"
                className="absolute inset-0 size-full cursor-copy"
                onClick={() => onEmptyDay(date)}
              />
              <div className="relative self-start">
                <DayBadge date={date} today={today} dim={outside} onEmptyDay={onEmptyDay} />
              </div>
              {shown.map((event) => (
                <EventButton
                  key={event.key}
                  event={event}
                  catalogues={catalogues}
                  onEvent={onEvent}
                  className="relative truncate px-1 py-0.5"
                >
                  {startClock(event)} {shortLabel(event, catalogues)}
                </EventButton>
              ))}
              {list.length > MONTH_CELL_MAX && (
                <button
                  type="button"
                  onClick={() => onOpenDay(date)}
                  aria-label={`+${list.length - MONTH_CELL_MAX} mais em ${formatDate(date)}`}
                  className="relative self-start rounded px-1 text-xs font-medium text-teal-800 hover:underline"
                >
                  +{list.length - MONTH_CELL_MAX} mais
                </button>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

export function AgendaCalendar(props: CalendarProps) {
  return props.view === "month" ? <MonthGrid {...props} /> : <TimeGrid {...props} />;
}
