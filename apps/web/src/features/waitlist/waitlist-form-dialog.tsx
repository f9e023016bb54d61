import { DAY_PARTS, type DayPart } from "@atende/shared/enums";
import {
  ANY_ESTABLISHMENT_LABEL,
  ANY_PROFESSIONAL_LABEL,
  DAY_PART_LABELS,
  type WaitlistCreate,
  WaitlistCreateInput,
  type WaitlistFormValues,
} from "@atende/shared/schemas/waitlist";
import { today } from "@atende/shared/time";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type Control, Controller, type Path, useForm } from "react-hook-form";
import { Checkbox } from "../../components/ui/checkbox";
import { DateInput } from "../../components/ui/date-time-input";
import { Dialog, DialogContent, DialogFormActions } from "../../components/ui/dialog";
import { CharacterCount, Field } from "../../components/ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { Textarea } from "../../components/ui/textarea";
import { useTRPC } from "../../lib/trpc";
import { useSaveFeedback } from "../../lib/use-save-feedback";

const FIELDS: readonly Path<WaitlistFormValues>[] = [
  "clientId",
  "offeredServiceId",
  "professionalId",
  "establishmentId",
  "fromDate",
  "untilDate",
  "dayPart",
  "notes",
  "offerByCall",
];

/** Radix Select items cannot carry an empty value: this one stands for "any". */
const ANY = "any";

const blankAsNull = (value: string) => (value === "" ? null : value);

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Adicionar à lista de espera' (issue 23 part 4; docs/decisions/0046-waitlist.md). */
export function WaitlistFormDialog({ open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Adicionar à lista de espera">
        {open && <WaitlistForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function WaitlistForm({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const clients = useQuery(trpc.clients.list.queryOptions());
  const services = useQuery(trpc.offeredServices.list.queryOptions());
  const professionals = useQuery(trpc.professionals.list.queryOptions());
  const establishments = useQuery(trpc.establishments.list.queryOptions());
  const form = useForm<WaitlistFormValues, unknown, WaitlistCreate>({
    resolver: zodResolver(WaitlistCreateInput),
    defaultValues: {
      clientId: "",
      offeredServiceId: "",
      professionalId: null,
      establishmentId: null,
      fromDate: today(),
      untilDate: "",
      dayPart: "ANY",
      notes: null,
      offerByCall: false,
    },
  });
  const { control, formState, setError, watch, setValue, register } = form;
  const errors = formState.errors;
  const serviceId = watch("offeredServiceId");
  const notes = watch("notes");
  const service = services.data?.find((item) => item.id === serviceId);
  // Only who performs the chosen service and where it is offered (the server checks the same).
  const professionalChoices = (professionals.data ?? []).filter(
    (item) => !service || service.allowedProfessionals.includes(item.id),
  );
  const establishmentChoices = (establishments.data ?? []).filter(
    (item) => !service || service.availableEstablishments.includes(item.id),
  );

  const feedback = useSaveFeedback({
    listKey: trpc.waitlist.list.pathKey(),
    fields: FIELDS,
    setError,
    onDone,
  });
  const create = useMutation(
    trpc.waitlist.create.mutationOptions({
      onSuccess: () => feedback.saved("Paciente adicionado à lista de espera!"),
      onError: (error) => feedback.failed(error, "Não foi possível adicionar à lista de espera."),
    }),
  );
  const submit = form.handleSubmit((values) => create.mutate(values));

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <RecordSelectField
        control={control}
        name="clientId"
        label="Paciente"
        placeholder="Selecione o paciente"
        choices={(clients.data ?? []).map((client) => ({ id: client.id, name: client.fullName }))}
        error={errors.clientId?.message}
      />
      <RecordSelectField
        control={control}
        name="offeredServiceId"
        label="Serviço"
        placeholder="Selecione o serviço"
        choices={services.data ?? []}
        error={errors.offeredServiceId?.message}
        onChosen={() => {
          // A choice the new service does not allow goes back to "any".
          setValue("professionalId", null);
          setValue("establishmentId", null);
        }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <RecordSelectField
          control={control}
          name="professionalId"
          label="Profissional"
          anyLabel={ANY_PROFESSIONAL_LABEL}
          choices={professionalChoices}
          error={errors.professionalId?.message}
        />
        <RecordSelectField
          control={control}
          name="establishmentId"
          label="Local"
          anyLabel={ANY_ESTABLISHMENT_LABEL}
          choices={establishmentChoices}
          error={errors.establishmentId?.message}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="De" required error={errors.fromDate?.message}>
          {(aria) => (
            <Controller
              control={control}
              name="fromDate"
              render={({ field }) => (
                <DateInput {...aria} ref={field.ref} value={field.value} onValueChange={field.onChange} />
              )}
            />
          )}
        </Field>
        <Field label="Até" required error={errors.untilDate?.message}>
          {(aria) => (
            <Controller
              control={control}
              name="untilDate"
              render={({ field }) => (
                <DateInput {...aria} ref={field.ref} value={field.value} onValueChange={field.onChange} />
              )}
            />
          )}
        </Field>
      </div>
      <Field label="Período do dia" error={errors.dayPart?.message}>
        {({ id, ...aria }) => (
          <Controller
            control={control}
            name="dayPart"
            render={({ field }) => (
              <Select
                value={field.value ?? "ANY"}
                onValueChange={(value) => field.onChange(value as DayPart)}
              >
                <SelectTrigger id={id} {...aria} ref={field.ref}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {DAY_PARTS.map((part) => (
                    <SelectItem key={part} value={part}>
                      {DAY_PART_LABELS[part]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        )}
      </Field>
      <Field
        label="Observações"
        error={errors.notes?.message}
        hint={<CharacterCount value={notes} max={1000} />}
      >
        {(control) => <Textarea {...control} {...register("notes", { setValueAs: blankAsNull })} />}
      </Field>
      {/* The agent calls about an offer instead of messaging (docs/decisions/0057-waitlist-offer-call.md). */}
      <Controller
        control={control}
        name="offerByCall"
        render={({ field }) => (
          <div className="flex items-center gap-2 text-sm text-slate-800">
            <Checkbox
              id="waitlist-offer-by-call"
              ref={field.ref}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
            <label htmlFor="waitlist-offer-by-call">Avisar das vagas por ligação do agente</label>
          </div>
        )}
      />
      <DialogFormActions pending={create.isPending} />
    </form>
  );
}

/**
 * One of the tenant's records in a select: required (`placeholder` until one is chosen) or, with `anyLabel`, a record
 * or "any" of them (stored as null).
 */
function RecordSelectField(props: {
  control: Control<WaitlistFormValues, unknown, WaitlistCreate>;
  name: "clientId" | "offeredServiceId" | "professionalId" | "establishmentId";
  label: string;
  choices: readonly { id: string; name: string }[];
  error: string | undefined;
  placeholder?: string;
  anyLabel?: string;
  onChosen?: () => void;
}) {
  const { anyLabel } = props;
  return (
    <Field label={props.label} required={anyLabel === undefined} error={props.error}>
      {({ id, ...aria }) => (
        <Controller
          control={props.control}
          name={props.name}
          render={({ field }) => (
            <Select
              value={field.value || (anyLabel === undefined ? undefined : ANY)}
              onValueChange={(value) => {
                field.onChange(value === ANY && anyLabel !== undefined ? null : value);
                props.onChosen?.();
              }}
            >
              <SelectTrigger id={id} {...aria} ref={field.ref}>
                <SelectValue placeholder={props.placeholder} />
              </SelectTrigger>
              <SelectContent>
                {anyLabel !== undefined && <SelectItem value={ANY}>{anyLabel}</SelectItem>}
                {props.choices.map((item) => (
                  <SelectItem key={item.id} value={item.id}>
                    {item.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      )}
    </Field>
  );
}
