import { DAYS_OF_WEEK, type DayOfWeek, OCCURRENCE_SCOPES, type OccurrenceScope } from "@atende/shared/enums";
import { formatDate } from "@atende/shared/format";
import {
  availabilityInput,
  type ExpandedOccurrence,
  occurrenceEditInput,
} from "@atende/shared/schemas/availabilities";
import { useMutation } from "@tanstack/react-query";
import { X } from "lucide-react";
import { RadioGroup } from "radix-ui";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/button";
import { CheckboxList } from "../../components/ui/checkbox-list";
import { DateInput, TimeInput } from "../../components/ui/date-time-input";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "../../components/ui/dialog";
import { CharacterCount, Field } from "../../components/ui/field";
import { Textarea } from "../../components/ui/textarea";
import { serverIssuesOf, serverMessageOf } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";
import { ChoiceField, errorAt, SubmitWhenComplete } from "./fields";
import {
  type AvailabilityFormValues,
  availabilityDefaults,
  availabilityIncomplete,
  availabilityPayload,
  isRecurring,
  messagesByPath,
  type Repetition,
  SCOPE_LABELS,
  wireClock,
} from "./model";
import { useAgendaCatalogues, useInvalidateAgenda, useOnlyChoice } from "./use-agenda-catalogues";

const NOTES_MAX = 1000;

const WEEKDAY_LABELS: Record<DayOfWeek, string> = {
  SUNDAY: "Domingo",
  MONDAY: "Segunda",
  TUESDAY: "Terça",
  WEDNESDAY: "Quarta",
  THURSDAY: "Quinta",
  FRIDAY: "Sexta",
  SATURDAY: "Sábado",
};
// Sunday first, as the agenda's week (spec 001 §9).
const WEEKDAY_OPTIONS = (["SUNDAY", ...DAYS_OF_WEEK.filter((d) => d !== "SUNDAY")] as DayOfWeek[]).map(
  (day) => ({ value: day, label: WEEKDAY_LABELS[day] }),
);

const REPETITIONS: { value: Repetition; label: string }[] = [
  { value: "WEEKLY", label: "Semanal" },
  { value: "MONTHLY", label: "Mensal" },
  { value: "NONE", label: "Não repetir (datas avulsas)" },
];

/** The availability form ('Configurar Disponibilidade' and the 'Disponibilidade' tab of 'Criar Evento'). */
export function AvailabilityCreateForm({
  date,
  preselectWeekday,
  onDone,
}: {
  date: string;
  preselectWeekday: boolean;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const catalogues = useAgendaCatalogues();
  const invalidate = useInvalidateAgenda();
  const [values, setValues] = useState<AvailabilityFormValues>(() =>
    availabilityDefaults(date, preselectWeekday),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [newDate, setNewDate] = useState("");
  const set = (change: Partial<AvailabilityFormValues>) => setValues((v) => ({ ...v, ...change }));
  const incomplete = availabilityIncomplete(values);
  useOnlyChoice(catalogues.professionals, values.professionalId, (professionalId) =>
    setValues((v) => ({ ...v, professionalId })),
  );
  useOnlyChoice(catalogues.establishments, values.establishmentId, (establishmentId) =>
    setValues((v) => ({ ...v, establishmentId })),
  );

  const create = useMutation(
    trpc.availabilities.create.mutationOptions({
      onSuccess: async () => {
        await invalidate();
        toast.success("Disponibilidade criada");
        onDone();
      },
      onError: (error) => {
        setErrors(serverIssuesOf(error));
        toast.error("Erro ao criar disponibilidade", {
          description: serverMessageOf(error) ?? "Erro desconhecido",
        });
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (incomplete) {
      toast.error("Campos obrigatórios");
      return;
    }
    const payload = availabilityPayload(values);
    const parsed = availabilityInput.safeParse(payload);
    if (!parsed.success) {
      setErrors(messagesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(payload);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
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
      <TimeFields
        start={values.start}
        end={values.end}
        onChange={set}
        startError={errorAt(errors, "slot.start")}
        endError={errorAt(errors, "slot.end")}
      />
      <ChoiceField
        label="Repetição"
        value={values.repetition}
        onChange={(repetition) => set({ repetition: repetition as Repetition })}
        options={REPETITIONS}
      />
      {values.repetition === "WEEKLY" && (
        <CheckboxList
          legend="Dias da semana"
          required
          options={WEEKDAY_OPTIONS}
          value={values.daysOfWeek}
          onChange={(days) => set({ daysOfWeek: days as DayOfWeek[] })}
          error={errorAt(errors, "pattern.daysOfWeek")}
        />
      )}
      {values.repetition !== "NONE" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Data de início"
            required
            error={errorAt(errors, "pattern.period.start", "pattern.daysOfMonth")}
          >
            {(control) => (
              <DateInput
                {...control}
                value={values.periodStart}
                onValueChange={(periodStart) => set({ periodStart })}
              />
            )}
          </Field>
          <Field label="Data de fim" required error={errorAt(errors, "pattern.period.end", "pattern.period")}>
            {(control) => (
              <DateInput
                {...control}
                value={values.periodEnd}
                onValueChange={(periodEnd) => set({ periodEnd })}
              />
            )}
          </Field>
          {values.repetition === "MONTHLY" && values.periodStart && (
            <p className="text-sm text-slate-600 sm:col-span-2">
              Repete todo dia {Number(values.periodStart.slice(8, 10))} de cada mês.
            </p>
          )}
        </div>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-800">
            Datas
            <span aria-hidden="true" className="text-red-700">
              {" "}
              *
            </span>
          </legend>
          <div className="flex gap-2">
            <DateInput aria-label="Nova data" value={newDate} onValueChange={setNewDate} />
            <Button
              variant="secondary"
              disabled={!newDate}
              onClick={() => {
                if (newDate && !values.dates.includes(newDate))
                  set({ dates: [...values.dates, newDate].sort() });
                setNewDate("");
              }}
            >
              Adicionar
            </Button>
          </div>
          <ul className="flex flex-wrap gap-2">
            {values.dates.map((d) => (
              <li
                key={d}
                className="inline-flex items-center gap-1 rounded-full bg-sky-50 py-0.5 pr-1 pl-3 text-sm text-sky-900"
              >
                {formatDate(d)}
                <button
                  type="button"
                  aria-label={`Remover ${formatDate(d)}`}
                  className="rounded-full p-1 hover:bg-sky-100"
                  onClick={() => set({ dates: values.dates.filter((x) => x !== d) })}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
          {errorAt(errors, "pattern.dates") && (
            <p className="text-xs text-red-700">{errorAt(errors, "pattern.dates")}</p>
          )}
        </fieldset>
      )}
      <NotesField
        value={values.notes}
        onChange={(notes) => set({ notes })}
        error={errorAt(errors, "notes")}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Cancelar</Button>
        </DialogClose>
        <SubmitWhenComplete complete={!incomplete} pending={create.isPending}>
          Salvar Disponibilidade
        </SubmitWhenComplete>
      </DialogFooter>
    </form>
  );
}

function TimeFields({
  start,
  end,
  onChange,
  startError,
  endError,
}: {
  start: string;
  end: string;
  onChange: (change: { start?: string; end?: string }) => void;
  startError: string | undefined;
  endError: string | undefined;
}) {
  return (
    <div className="grid grid-cols-2 gap-4">
      <Field label="Horário de início" required error={startError}>
        {(control) => (
          <TimeInput {...control} value={start} onValueChange={(value) => onChange({ start: value })} />
        )}
      </Field>
      <Field label="Horário de fim" required error={endError}>
        {(control) => (
          <TimeInput {...control} value={end} onValueChange={(value) => onChange({ end: value })} />
        )}
      </Field>
    </div>
  );
}

function NotesField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <Field label="Notas" error={error} hint={<CharacterCount value={value} max={NOTES_MAX} />}>
      {(control) => <Textarea {...control} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

/** 'Disponibilidade' from the page header: the dialog 'Configurar Disponibilidade'. */
export function AvailabilityDialog({
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
      <DialogContent title="Configurar Disponibilidade" className="max-w-2xl">
        {open && (
          <AvailabilityCreateForm date={date} preselectWeekday={false} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** spec 001 §4: which occurrences a save or a delete of a recurring availability touches. */
function ScopeDialog({
  action,
  pending,
  onCancel,
  onConfirm,
}: {
  action: "save" | "delete" | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (scope: OccurrenceScope) => void;
}) {
  const [scope, setScope] = useState<OccurrenceScope>("SINGLE");
  const id = useId();
  return (
    <Dialog open={action !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent
        title={
          action === "delete" ? "Excluir disponibilidade recorrente" : "Editar disponibilidade recorrente"
        }
        description="Esta disponibilidade se repete. Quais ocorrências devem ser alteradas?"
        className="max-w-md"
      >
        <RadioGroup.Root
          aria-label="Ocorrências"
          value={scope}
          onValueChange={(value) => setScope(value as OccurrenceScope)}
          className="flex flex-col gap-2"
        >
          {OCCURRENCE_SCOPES.map((value) => (
            <div
              key={value}
              className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5"
            >
              <RadioGroup.Item
                id={`${id}-${value}`}
                value={value}
                className="flex size-5 shrink-0 items-center justify-center rounded-full border border-slate-400 data-[state=checked]:border-teal-700"
              >
                <RadioGroup.Indicator className="block size-2.5 rounded-full bg-teal-700" />
              </RadioGroup.Item>
              <label htmlFor={`${id}-${value}`} className="text-sm text-slate-800">
                {SCOPE_LABELS[value]}
              </label>
            </div>
          ))}
        </RadioGroup.Root>
        <DialogFooter>
          <Button variant="secondary" onClick={onCancel}>
            Cancelar
          </Button>
          <Button
            variant={action === "delete" ? "danger" : "primary"}
            disabled={pending}
            onClick={() => onConfirm(scope)}
          >
            Confirmar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The edit dialog of one occurrence: its window and notes; save and delete ask for a scope when it recurs. */
export function AvailabilityEditDialog({
  occurrence,
  onClose,
}: {
  occurrence: ExpandedOccurrence | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={occurrence !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Editar Disponibilidade" className="max-w-lg">
        {occurrence && <AvailabilityEditForm occurrence={occurrence} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function AvailabilityEditForm({
  occurrence,
  onDone,
}: {
  occurrence: ExpandedOccurrence;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const catalogues = useAgendaCatalogues();
  const invalidate = useInvalidateAgenda();
  const [start, setStart] = useState(wireClock(occurrence.slot.start));
  const [end, setEnd] = useState(wireClock(occurrence.slot.end));
  const [notes, setNotes] = useState(occurrence.notes ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState<"save" | "delete" | null>(null);
  const recurring = isRecurring(occurrence);

  const fail = (title: string) => (error: unknown) => {
    setErrors(serverIssuesOf(error));
    setAsking(null);
    toast.error("Erro", { description: serverMessageOf(error) ?? title });
  };
  const done = (text: string) => async () => {
    await invalidate();
    setAsking(null);
    toast.success(text);
    onDone();
  };
  const edit = useMutation(
    trpc.availabilities.editOccurrence.mutationOptions({
      onSuccess: done("Disponibilidade atualizada"),
      onError: fail("Erro ao atualizar disponibilidade"),
    }),
  );
  const cancel = useMutation(
    trpc.availabilities.cancelOccurrence.mutationOptions({
      onSuccess: done("Disponibilidade excluída"),
      onError: fail("Erro ao excluir disponibilidade"),
    }),
  );
  const remove = useMutation(
    trpc.availabilities.delete.mutationOptions({
      onSuccess: done("Disponibilidade excluída"),
      onError: fail("Erro ao excluir disponibilidade"),
    }),
  );
  const pending = edit.isPending || cancel.isPending || remove.isPending;

  const editInput = (scope: OccurrenceScope) => ({
    id: occurrence.id,
    occurrenceId: occurrence.date,
    slot: {
      start: start ? `${occurrence.date}T${start}:00-03:00` : "",
      end: end ? `${occurrence.date}T${end}:00-03:00` : "",
    },
    notes: notes === "" ? null : notes,
    scope,
  });

  const save = (scope: OccurrenceScope) => edit.mutate(editInput(scope));
  // spec 001 §4: ALL deletes the whole availability; the other scopes cancel the occurrence on its date.
  const destroy = (scope: OccurrenceScope) =>
    scope === "ALL"
      ? remove.mutate({ id: occurrence.id })
      : cancel.mutate({ id: occurrence.id, occurrenceId: occurrence.date, scope });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = occurrenceEditInput.safeParse(editInput("SINGLE"));
    if (!parsed.success) {
      setErrors(messagesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    // Non-recurring ones are saved with scope SINGLE, without asking.
    if (recurring) setAsking("save");
    else save("SINGLE");
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <dl className="grid gap-1 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950">
        <div>
          <dt className="inline font-medium">Profissional: </dt>
          <dd className="inline">{catalogues.professionalName(occurrence.professionalId)}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Local: </dt>
          <dd className="inline">{catalogues.establishmentName(occurrence.establishmentId)}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Data: </dt>
          <dd className="inline">
            {formatDate(occurrence.date)}
            {recurring
              ? occurrence.patternType === "WEEKLY"
                ? " (repete semanalmente)"
                : " (repete mensalmente)"
              : ""}
          </dd>
        </div>
      </dl>
      <TimeFields
        start={start}
        end={end}
        onChange={(change) => {
          if (change.start !== undefined) setStart(change.start);
          if (change.end !== undefined) setEnd(change.end);
        }}
        startError={errorAt(errors, "slot.start")}
        endError={errorAt(errors, "slot.end")}
      />
      <NotesField value={notes} onChange={setNotes} error={errorAt(errors, "notes")} />
      <DialogFooter className="sm:justify-between">
        <Button
          variant="danger"
          disabled={pending}
          onClick={() => (recurring ? setAsking("delete") : destroy("SINGLE"))}
        >
          Excluir
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row [&>*]:w-full sm:[&>*]:w-auto">
          <DialogClose asChild>
            <Button variant="secondary">Cancelar</Button>
          </DialogClose>
          <Button type="submit" disabled={pending || !start || !end}>
            Salvar
          </Button>
        </div>
      </DialogFooter>
      {asking && (
        <ScopeDialog
          action={asking}
          pending={pending}
          onCancel={() => setAsking(null)}
          onConfirm={(scope) => (asking === "delete" ? destroy(scope) : save(scope))}
        />
      )}
    </form>
  );
}
