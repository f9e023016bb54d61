import { APPOINTMENT_STATUSES, type AppointmentStatus } from "@atende/shared/enums";
import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_STATUS_LABELS,
  type Appointment,
  AppointmentCreateInput,
  AppointmentUpdateInput,
  type AvailabilityCheckResult,
  BLOCKING_CHECK_STATUSES,
  MAX_SERVICES_PER_APPOINTMENT,
} from "@atende/shared/schemas/appointments";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/button";
import { CheckboxList } from "../../components/ui/checkbox-list";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { DateInput, TimeInput } from "../../components/ui/date-time-input";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "../../components/ui/dialog";
import { CharacterCount, Field } from "../../components/ui/field";
import { Textarea } from "../../components/ui/textarea";
import { serverIssuesOf, serverMessageOf } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";
import { ChoiceField, errorAt, Notice, SubmitWhenComplete } from "./fields";
import {
  addMinutesToClock,
  messagesByPath,
  type ServiceTiming,
  serviceTotals,
  toWire,
  wireClock,
} from "./model";
import {
  type AgendaCatalogues,
  useAgendaCatalogues,
  useInvalidateAgenda,
  useOnlyChoice,
} from "./use-agenda-catalogues";

const M = APPOINTMENT_MESSAGES;
const OBSERVATIONS_MAX = 2000;

interface AppointmentValues {
  clientId: string;
  professionalId: string;
  establishmentId: string;
  date: string;
  time: string;
  offeredServices: string[];
  observations: string;
  status: AppointmentStatus;
}

function payloadOf(values: AppointmentValues) {
  return {
    clientId: values.clientId,
    professionalId: values.professionalId,
    establishmentId: values.establishmentId,
    scheduledAt: values.date && values.time ? toWire(values.date, values.time) : "",
    offeredServices: values.offeredServices,
    // spec 001 §5: empty observation text becomes null.
    observations: values.observations === "" ? null : values.observations,
  };
}

/**
 * The services one can book: those the chosen professional offers at the chosen establishment (all until both are
 * set).
 */
function serviceOptions(catalogues: AgendaCatalogues, values: AppointmentValues, booked: Appointment | null) {
  const options = catalogues.services
    .filter(
      (s) =>
        (!values.professionalId || s.allowedProfessionals.includes(values.professionalId)) &&
        (!values.establishmentId || s.availableEstablishments.includes(values.establishmentId)),
    )
    .map((s) => ({ value: s.id, label: `${s.name} (${s.duration} min)` }));
  // An edited appointment keeps showing what it holds, even a service removed since.
  for (const item of booked?.offeredServices ?? []) {
    if (!options.some((o) => o.value === item.offeredServiceId)) {
      options.push({
        value: item.offeredServiceId,
        label: `${item.offeredServiceName} (${item.duration} min)`,
      });
    }
  }
  return options;
}

function timingsOf(
  catalogues: AgendaCatalogues,
  ids: readonly string[],
  booked: Appointment | null,
): ServiceTiming[] {
  return ids.flatMap((id): ServiceTiming[] => {
    const service = catalogues.services.find((s) => s.id === id);
    if (service) return [service];
    const item = booked?.offeredServices.find((s) => s.offeredServiceId === id);
    return item ? [item] : [];
  });
}

/** The fields shared by the create form and the edit dialog (spec 001 §5). */
function AppointmentFields({
  values,
  set,
  errors,
  catalogues,
  booked,
}: {
  values: AppointmentValues;
  set: (change: Partial<AppointmentValues>) => void;
  errors: Record<string, string>;
  catalogues: AgendaCatalogues;
  booked: Appointment | null;
}) {
  const options = serviceOptions(catalogues, values, booked);
  const totals = serviceTotals(timingsOf(catalogues, values.offeredServices, booked));
  return (
    <>
      <ChoiceField
        label="Paciente"
        value={values.clientId}
        onChange={(clientId) => set({ clientId })}
        options={catalogues.clients.map((c) => ({ value: c.id, label: c.fullName }))}
        placeholder={catalogues.clientsPending ? "Carregando..." : "Selecione o paciente"}
        error={errorAt(errors, "clientId")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceField
          label="Profissional"
          value={values.professionalId}
          onChange={(professionalId) => set({ professionalId })}
          options={catalogues.professionals.map((p) => ({ value: p.id, label: p.name }))}
          error={errorAt(errors, "professionalId")}
        />
        <ChoiceField
          label="Local de atendimento"
          value={values.establishmentId}
          onChange={(establishmentId) => set({ establishmentId })}
          options={catalogues.establishments.map((e) => ({ value: e.id, label: e.name }))}
          error={errorAt(errors, "establishmentId")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Data" required error={errorAt(errors, "scheduledAt")}>
          {(control) => (
            <DateInput {...control} value={values.date} onValueChange={(date) => set({ date })} />
          )}
        </Field>
        <Field label="Horário" required>
          {(control) => (
            <TimeInput {...control} value={values.time} onValueChange={(time) => set({ time })} />
          )}
        </Field>
      </div>
      <CheckboxList
        legend={`Serviços (até ${MAX_SERVICES_PER_APPOINTMENT})`}
        required
        options={options}
        value={values.offeredServices}
        onChange={(offeredServices) => set({ offeredServices })}
        error={errorAt(errors, "offeredServices")}
      />
      {options.length === 0 && (
        <p className="text-sm text-slate-600">Nenhum serviço oferecido por este profissional neste local.</p>
      )}
      {totals.total > 0 && (
        <p className="text-sm text-slate-700">
          Duração total: <strong>{totals.total} min</strong> (serviços {totals.services} min + intervalos{" "}
          {totals.buffers} min)
        </p>
      )}
      <Field
        label="Observações"
        error={errorAt(errors, "observations")}
        hint={<CharacterCount value={values.observations} max={OBSERVATIONS_MAX} />}
      >
        {(control) => (
          <Textarea
            {...control}
            value={values.observations}
            onChange={(e) => set({ observations: e.target.value })}
          />
        )}
      </Field>
    </>
  );
}

const isComplete = (v: AppointmentValues) =>
  Boolean(
    v.clientId && v.professionalId && v.establishmentId && v.date && v.time && v.offeredServices.length > 0,
  );

const isBlocking = (status: AvailabilityCheckResult["status"]) =>
  (BLOCKING_CHECK_STATUSES as readonly string[]).includes(status);

const checkTone = (status: AvailabilityCheckResult["status"]) =>
  status === "AVAILABLE" ? "ok" : isBlocking(status) ? "block" : "warn";

/** The create form ('Novo Agendamento', and the 'Agendamento' tab of 'Criar Evento'), prefilled with `date`. */
export function AppointmentCreateForm({ date, onDone }: { date: string; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const catalogues = useAgendaCatalogues();
  const invalidate = useInvalidateAgenda();
  const [values, setValues] = useState<AppointmentValues>({
    clientId: "",
    professionalId: "",
    establishmentId: "",
    date,
    time: "",
    offeredServices: [],
    observations: "",
    status: "SCHEDULED",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [warning, setWarning] = useState<string | null>(null);
  const set = (change: Partial<AppointmentValues>) => setValues((v) => ({ ...v, ...change }));
  const complete = isComplete(values);
  useOnlyChoice(catalogues.professionals, values.professionalId, (professionalId) =>
    setValues((v) => ({ ...v, professionalId })),
  );
  useOnlyChoice(catalogues.establishments, values.establishmentId, (establishmentId) =>
    setValues((v) => ({ ...v, establishmentId })),
  );
  const payload = payloadOf(values);

  // spec 001 §5: the advisory check runs live once professional, establishment, date, time and services are chosen.
  const checkInput = {
    professionalId: payload.professionalId,
    establishmentId: payload.establishmentId,
    scheduledAt: payload.scheduledAt,
    offeredServices: payload.offeredServices,
  };
  const checkReady =
    Boolean(values.professionalId && values.establishmentId && values.date && values.time) &&
    values.offeredServices.length > 0 &&
    values.offeredServices.length <= MAX_SERVICES_PER_APPOINTMENT;
  const check = useQuery(
    trpc.appointments.availabilityCheck.queryOptions(checkInput, { enabled: checkReady }),
  );

  const create = useMutation(
    trpc.appointments.create.mutationOptions({
      onSuccess: async (created) => {
        await invalidate();
        toast.success("Agendamento criado!", {
          description: `${wireClock(created.scheduledAt)} - ${wireClock(created.endsAt)}`,
        });
        onDone();
      },
      onError: (error) => {
        setErrors(serverIssuesOf(error));
        toast.error("Erro", { description: serverMessageOf(error) ?? "Erro ao criar agendamento" });
      },
    }),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete) {
      toast.error("Campos obrigatórios");
      return;
    }
    const parsed = AppointmentCreateInput.safeParse(payload);
    if (!parsed.success) {
      setErrors(messagesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    let result: AvailabilityCheckResult | undefined;
    try {
      result = await queryClient.fetchQuery(trpc.appointments.availabilityCheck.queryOptions(checkInput));
    } catch {
      // The check is advisory: the server applies the same rules when booking and says why it refuses.
    }
    if (result && isBlocking(result.status)) {
      toast.error(M.unavailableToast, { description: result.message });
      return;
    }
    if (result && result.status !== "AVAILABLE") {
      setWarning(result.message);
      return;
    }
    create.mutate(payload);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <AppointmentFields values={values} set={set} errors={errors} catalogues={catalogues} booked={null} />
      {checkReady && check.data && (
        <Notice tone={checkTone(check.data.status)}>
          {check.data.message}
          {check.data.status === "AVAILABLE" ? "" : ` · término às ${wireClock(check.data.endsAt)}`}
        </Notice>
      )}
      {checkReady && check.isFetching && !check.data && (
        <Notice tone="info">Verificando disponibilidade...</Notice>
      )}
      {values.time && values.offeredServices.length > 0 && !checkReady && (
        <Notice tone="info">
          Término às{" "}
          {addMinutesToClock(
            values.time,
            serviceTotals(timingsOf(catalogues, values.offeredServices, null)).total,
          )}
        </Notice>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Cancelar</Button>
        </DialogClose>
        <SubmitWhenComplete complete={complete} pending={create.isPending}>
          Criar Agendamento
        </SubmitWhenComplete>
      </DialogFooter>
      <ConfirmDialog
        open={warning !== null}
        onOpenChange={(open) => !open && setWarning(null)}
        title={warning ?? ""}
        description={M.warningConfirmation}
        confirmLabel="Criar mesmo assim"
        pending={create.isPending}
        onConfirm={() => {
          setWarning(null);
          create.mutate(payload);
        }}
      />
    </form>
  );
}

/** 'Novo Agendamento' from the page header. */
export function NewAppointmentDialog({
  open,
  onOpenChange,
  date,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  date: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Novo Agendamento" className="max-w-2xl">
        {open && <AppointmentCreateForm date={date} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

/** The appointment's edit dialog: every field, the status chosen freely (spec 001 §4), and delete. */
export function AppointmentEditDialog({
  appointment,
  onClose,
}: {
  appointment: Appointment | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={appointment !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Editar Agendamento" className="max-w-2xl">
        {appointment && <AppointmentEditForm appointment={appointment} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function AppointmentEditForm({ appointment, onDone }: { appointment: Appointment; onDone: () => void }) {
  const trpc = useTRPC();
  const catalogues = useAgendaCatalogues();
  const invalidate = useInvalidateAgenda();
  const [values, setValues] = useState<AppointmentValues>({
    clientId: appointment.clientId,
    professionalId: appointment.professionalId,
    establishmentId: appointment.establishmentId,
    date: appointment.scheduledAt.slice(0, 10),
    time: wireClock(appointment.scheduledAt),
    offeredServices: appointment.offeredServices.map((s) => s.offeredServiceId),
    observations: appointment.observations ?? "",
    status: appointment.status,
  });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const set = (change: Partial<AppointmentValues>) => {
    setServerErrors({});
    setValues((v) => ({ ...v, ...change }));
  };
  const input = { id: appointment.id, ...payloadOf(values), status: values.status };
  // spec 001 §5, edit form: validation runs on change; save is disabled while invalid.
  const parsed = AppointmentUpdateInput.safeParse(input);
  const errors = { ...(parsed.success ? {} : messagesByPath(parsed.error.issues)), ...serverErrors };

  const update = useMutation(
    trpc.appointments.update.mutationOptions({
      onSuccess: async () => {
        await invalidate();
        toast.success("Agendamento atualizado");
        onDone();
      },
      onError: (error) => {
        setServerErrors(serverIssuesOf(error));
        toast.error("Erro ao atualizar agendamento.", { description: serverMessageOf(error) });
      },
    }),
  );
  const remove = useMutation(
    trpc.appointments.delete.mutationOptions({
      onSuccess: async () => {
        await invalidate();
        toast.success("Agendamento excluído");
        setConfirmDelete(false);
        onDone();
      },
      onError: (error) => {
        toast.error("Erro ao excluir agendamento.", { description: serverMessageOf(error) });
        setConfirmDelete(false);
      },
    }),
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (parsed.success) update.mutate(input);
      }}
      className="flex flex-col gap-4"
    >
      <ChoiceField
        label="Status"
        value={values.status}
        onChange={(status) => set({ status: status as AppointmentStatus })}
        options={APPOINTMENT_STATUSES.map((s) => ({ value: s, label: APPOINTMENT_STATUS_LABELS[s] }))}
        error={errorAt(errors, "status")}
      />
      <AppointmentFields
        values={values}
        set={set}
        errors={errors}
        catalogues={catalogues}
        booked={appointment}
      />
      <DialogFooter className="sm:justify-between">
        <Button variant="danger" onClick={() => setConfirmDelete(true)}>
          Excluir
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row [&>*]:w-full sm:[&>*]:w-auto">
          <DialogClose asChild>
            <Button variant="secondary">Cancelar</Button>
          </DialogClose>
          <Button type="submit" disabled={!parsed.success || update.isPending}>
            Salvar
          </Button>
        </div>
      </DialogFooter>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Excluir agendamento"
        description="Tem certeza que deseja excluir este agendamento?"
        confirmLabel="Excluir"
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ id: appointment.id })}
      />
    </form>
  );
}
