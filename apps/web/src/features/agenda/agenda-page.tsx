import { formatDate, maskCpf, maskPhone } from "@atende/shared/format";
import type { Appointment } from "@atende/shared/schemas/appointments";
import type { ExpandedOccurrence } from "@atende/shared/schemas/availabilities";
import { today as todayOf } from "@atende/shared/time";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { CalendarClock, Check, ChevronDown, ChevronLeft, ChevronRight, Plus } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useMemo, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { IconButton } from "../../components/ui/icon-button";
import { Input } from "../../components/ui/input";
import { PageHeader } from "../../components/ui/page-header";
import { Switch } from "../../components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useTRPC } from "../../lib/trpc";
import { AgendaCalendar } from "./agenda-calendar";
import { AppointmentCreateForm, AppointmentEditDialog, NewAppointmentDialog } from "./appointment-form";
import { AvailabilityCreateForm, AvailabilityDialog, AvailabilityEditDialog } from "./availability-form";
import { type AgendaView, shiftDate, visibleDates } from "./layout";
import { eventsByDate, type PlacedEvent, periodTitle } from "./model";
import { useAgendaCatalogues } from "./use-agenda-catalogues";

/** Below Tailwind's `sm` breakpoint: a phone. */
const PHONE_SCREEN = "(max-width: 639.98px)";

const VIEWS: { value: AgendaView; label: string }[] = [
  { value: "day", label: "Diário" },
  { value: "week", label: "Semanal" },
  { value: "month", label: "Mensal" },
];

/** /dashboard/agendas (spec 001 §2 'Agenda'). */
export function AgendaPage() {
  const today = todayOf();
  const [headerDialog, setHeaderDialog] = useState<"availability" | "appointment" | null>(null);
  return (
    <>
      <PageHeader
        title="Agendas"
        subtitle="Gerencie agendamentos e disponibilidade"
        action={
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button variant="secondary" onClick={() => setHeaderDialog("availability")}>
              <CalendarClock aria-hidden="true" />
              Disponibilidade
            </Button>
            <Button onClick={() => setHeaderDialog("appointment")}>
              <Plus aria-hidden="true" />
              Novo Agendamento
            </Button>
          </div>
        }
      />
      <AgendaCard today={today} />
      <AvailabilityDialog
        open={headerDialog === "availability"}
        onOpenChange={(open) => !open && setHeaderDialog(null)}
        date={today}
      />
      <NewAppointmentDialog
        open={headerDialog === "appointment"}
        onOpenChange={(open) => !open && setHeaderDialog(null)}
        date={today}
      />
    </>
  );
}

function AgendaCard({ today }: { today: string }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const catalogues = useAgendaCatalogues();
  // The week is the default view; on a phone, the day (docs/decisions/0040-layout-by-container.md): seven columns of
  // ~36 px hold a block's colour but not its name.
  const [view, setView] = useState<AgendaView>(() =>
    window.matchMedia(PHONE_SCREEN).matches ? "day" : "week",
  );
  const [anchor, setAnchor] = useState(today);
  const [show, setShow] = useState({ availabilities: true, appointments: true });
  const [professionalId, setProfessionalId] = useState<string | null>(null);
  const [establishmentId, setEstablishmentId] = useState<string | null>(null);
  // spec 001 §2: the client filter's inputs are kept locally and not applied to the data.
  const [clientFilter, setClientFilter] = useState({ name: "", phone: "", cpf: "" });
  const [creating, setCreating] = useState<string | null>(null);
  const [editingAppointment, setEditingAppointment] = useState<Appointment | null>(null);
  const [editingOccurrence, setEditingOccurrence] = useState<ExpandedOccurrence | null>(null);

  const dates = useMemo(() => visibleDates(view, anchor), [view, anchor]);
  const input = {
    startDate: dates[0] ?? anchor,
    endDate: dates.at(-1) ?? anchor,
    ...(professionalId ? { professionalId } : {}),
    ...(establishmentId ? { establishmentId } : {}),
  };
  // spec 001 §4 'Agenda loading': both load together for the visible range; one failing does not stop the other.
  const appointments = useQuery(
    trpc.appointments.list.queryOptions(input, { placeholderData: keepPreviousData }),
  );
  const occurrences = useQuery(
    trpc.availabilities.expanded.queryOptions(input, { placeholderData: keepPreviousData }),
  );
  // Slots held for waitlist offers (docs/decisions/0046-waitlist.md), shown with the appointments.
  const holds = useQuery(
    trpc.waitlist.holds.queryOptions(
      { startDate: input.startDate, endDate: input.endDate, ...(professionalId ? { professionalId } : {}) },
      // Offers are made and expire in the background (after a cancellation): looked at again every half minute.
      { placeholderData: keepPreviousData, refetchInterval: 30_000 },
    ),
  );
  // The empty message speaks of availabilities at all, not only of this range (spec 001 §2).
  const anyAvailability = useQuery(trpc.availabilities.list.queryOptions({}));

  const events = useMemo(
    () =>
      eventsByDate(
        dates,
        occurrences.data ?? [],
        appointments.data ?? [],
        show,
        (holds.data ?? []).filter((hold) => !establishmentId || hold.establishmentId === establishmentId),
      ),
    [dates, occurrences.data, appointments.data, show, holds.data, establishmentId],
  );

  const onEvent = (event: PlacedEvent) => {
    if (event.kind === "appointment") setEditingAppointment(event.appointment);
    // A hold is answered where its offer is: the waitlist page.
    else if (event.kind === "hold") void navigate({ to: "/dashboard/agendas/lista-espera" });
    else setEditingOccurrence(event.occurrence);
  };

  const loading = appointments.isFetching || occurrences.isFetching;

  return (
    <section
      aria-labelledby="calendario-agendamentos"
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="calendario-agendamentos" className="text-lg font-semibold text-slate-900">
        Calendário de Agendamentos
      </h2>
      <Tabs value={view} onValueChange={(value) => setView(value as AgendaView)}>
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <TabsList aria-label="Visualização">
            {VIEWS.map((v) => (
              <TabsTrigger key={v.value} value={v.value}>
                {v.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="flex min-w-0 items-center gap-1">
            <IconButton
              label={view === "day" ? "Dia anterior" : view === "week" ? "Semana anterior" : "Mês anterior"}
              icon={ChevronLeft}
              onClick={() => setAnchor((d) => shiftDate(view, d, -1))}
            />
            <Button variant="secondary" size="sm" onClick={() => setAnchor(today)}>
              Hoje
            </Button>
            <IconButton
              label={view === "day" ? "Próximo dia" : view === "week" ? "Próxima semana" : "Próximo mês"}
              icon={ChevronRight}
              onClick={() => setAnchor((d) => shiftDate(view, d, 1))}
            />
            <p
              aria-live="polite"
              className="ml-2 min-w-0 text-sm font-semibold break-words text-slate-900 first-letter:uppercase"
              data-testid="agenda-period"
            >
              {periodTitle(view, anchor)}
            </p>
          </div>
        </div>

        <div className="mt-4 flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
            <ToggleSwitch
              id="mostrar-disponibilidades"
              label="Disponibilidades"
              swatch="bg-sky-400"
              checked={show.availabilities}
              onChange={(availabilities) => setShow((s) => ({ ...s, availabilities }))}
            />
            <ToggleSwitch
              id="mostrar-agendamentos"
              label="Agendamentos"
              swatch="bg-emerald-500"
              checked={show.appointments}
              onChange={(appointmentsShown) => setShow((s) => ({ ...s, appointments: appointmentsShown }))}
            />
            <SingleSelectMenu
              label="Profissional"
              allLabel="Todos os profissionais"
              options={catalogues.professionals.map((p) => ({ value: p.id, label: p.name }))}
              value={professionalId}
              onChange={setProfessionalId}
            />
            <SingleSelectMenu
              label="Local"
              allLabel="Todos os locais"
              options={catalogues.establishments.map((e) => ({ value: e.id, label: e.name }))}
              value={establishmentId}
              onChange={setEstablishmentId}
            />
          </div>
          <fieldset className="grid gap-2 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
            <legend className="sr-only">Filtro de paciente</legend>
            <Input
              aria-label="Nome do paciente"
              placeholder="Nome do paciente"
              value={clientFilter.name}
              onChange={(e) => setClientFilter((p) => ({ ...p, name: e.target.value }))}
            />
            <Input
              aria-label="Telefone do paciente"
              placeholder="Telefone"
              inputMode="tel"
              value={clientFilter.phone}
              onChange={(e) => setClientFilter((p) => ({ ...p, phone: maskPhone(e.target.value) }))}
            />
            <Input
              aria-label="CPF do paciente"
              placeholder="CPF"
              inputMode="numeric"
              value={clientFilter.cpf}
              onChange={(e) => setClientFilter((p) => ({ ...p, cpf: maskCpf(e.target.value) }))}
            />
            <Button
              variant="secondary"
              onClick={() => {
                setClientFilter({ name: "", phone: "", cpf: "" });
                setProfessionalId(null);
                setEstablishmentId(null);
              }}
            >
              Limpar Filtros
            </Button>
          </fieldset>
        </div>

        {VIEWS.map((v) => (
          <TabsContent key={v.value} value={v.value} className="flex flex-col gap-3">
            {anyAvailability.isPending ? (
              <p role="status" className="text-sm text-slate-600">
                Carregando...
              </p>
            ) : (
              (anyAvailability.data?.length ?? 0) === 0 &&
              appointments.data?.length === 0 && (
                <p
                  role="status"
                  className="rounded-lg border border-dashed border-slate-300 px-3 py-2 text-sm text-slate-600"
                >
                  Nenhuma disponibilidade ou agendamento encontrado
                </p>
              )
            )}
            {appointments.isError && (
              <p
                role="alert"
                className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
              >
                Erro ao carregar agendamentos: {appointments.error.message}
              </p>
            )}
            {occurrences.isError && (
              <p
                role="alert"
                className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
              >
                Erro ao carregar disponibilidades: {occurrences.error.message}
              </p>
            )}
            <div aria-busy={loading}>
              <AgendaCalendar
                view={view}
                dates={dates}
                month={anchor.slice(0, 7)}
                today={today}
                events={events}
                catalogues={catalogues}
                onEvent={onEvent}
                onEmptyDay={setCreating}
                onOpenDay={(date) => {
                  setAnchor(date);
                  setView("day");
                }}
              />
            </div>
          </TabsContent>
        ))}
      </Tabs>

      <CreateEventDialog date={creating} onClose={() => setCreating(null)} />
      <AppointmentEditDialog appointment={editingAppointment} onClose={() => setEditingAppointment(null)} />
      <AvailabilityEditDialog occurrence={editingOccurrence} onClose={() => setEditingOccurrence(null)} />
    </section>
  );
}

function ToggleSwitch({
  id,
  label,
  swatch,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  swatch: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
      <label htmlFor={id} className="flex items-center gap-1.5 text-sm text-slate-800">
        <span aria-hidden="true" className={`size-2.5 rounded-full ${swatch}`} />
        {label}
      </label>
    </div>
  );
}

/** A single-select filter menu: choosing the selected item again clears it (spec 001 §2). */
function SingleSelectMenu({
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  options: { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const selected = options.find((o) => o.value === value);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" size="sm" className="max-w-full">
          <span className="truncate">
            {label}: {selected?.label ?? allLabel}
          </span>
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 max-h-72 min-w-56 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {options.length === 0 && <p className="px-3 py-2 text-sm text-slate-600">Nenhum cadastrado</p>}
          {options.map((option) => (
            <DropdownMenu.CheckboxItem
              key={option.value}
              checked={option.value === value}
              onCheckedChange={() => onChange(option.value === value ? null : option.value)}
              className="relative flex cursor-default items-center rounded-md py-2 pr-3 pl-8 text-sm outline-none select-none data-highlighted:bg-teal-50 data-highlighted:text-teal-900"
            >
              <DropdownMenu.ItemIndicator className="absolute left-2">
                <Check aria-hidden="true" className="size-4" />
              </DropdownMenu.ItemIndicator>
              {option.label}
            </DropdownMenu.CheckboxItem>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Clicking an empty day: 'Criar Evento' with 'Agendamento' and 'Disponibilidade', prefilled with that day. */
function CreateEventDialog({ date, onClose }: { date: string | null; onClose: () => void }) {
  return (
    <Dialog open={date !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Criar Evento"
        description={date ? formatDate(date) : undefined}
        className="max-w-2xl"
      >
        {date && (
          <Tabs defaultValue="appointment">
            <TabsList aria-label="Tipo de evento">
              <TabsTrigger value="appointment">Agendamento</TabsTrigger>
              <TabsTrigger value="availability">Disponibilidade</TabsTrigger>
            </TabsList>
            <TabsContent value="appointment">
              <AppointmentCreateForm date={date} onDone={onClose} />
            </TabsContent>
            <TabsContent value="availability">
              <AvailabilityCreateForm date={date} preselectWeekday onDone={onClose} />
            </TabsContent>
          </Tabs>
        )}
      </DialogContent>
    </Dialog>
  );
}
