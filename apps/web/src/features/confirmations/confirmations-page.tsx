import type { ConfirmationChannel } from "@atende/shared/enums";
import { formatDate, formatDateTime } from "@atende/shared/format";
import {
  CONFIRMATION_CHANNEL_LABELS,
  CONFIRMATION_MESSAGES,
  CONFIRMATION_PLACEHOLDERS,
  CONFIRMATION_STATUS_LABELS,
  type ConfirmationSettingsInput,
  type ConfirmationSettingsRecord,
  nextConfirmationRun,
  ConfirmationSettingsInput as SettingsSchema,
  WhatsappSettingsInput as WhatsappSchema,
  type WhatsappSettingsInput,
} from "@atende/shared/schemas/confirmations";
import { isoWeekday } from "@atende/shared/time";
import type { z } from "@atende/shared/zod";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { Controller, type Path, useForm } from "react-hook-form";
import { Spinner } from "../../components/spinner";
import { Button } from "../../components/ui/button";
import { CheckboxList } from "../../components/ui/checkbox-list";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { PageHeader } from "../../components/ui/page-header";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { ErrorState } from "../../components/ui/states";
import { Switch } from "../../components/ui/switch";
import { Textarea } from "../../components/ui/textarea";
import { useTRPC } from "../../lib/trpc";
import { useSaveFeedback } from "../../lib/use-save-feedback";

type SettingsValues = z.input<typeof SettingsSchema>;
type WhatsappValues = z.input<typeof WhatsappSchema>;

const SETTINGS_FIELDS: readonly Path<SettingsValues>[] = [
  "enabled",
  "channels",
  "sendFrom",
  "windowFrom",
  "windowUntil",
  "weekdays",
  "retry",
  "retryAfterMinutes",
  "message",
];
const WHATSAPP_FIELDS: readonly Path<WhatsappValues>[] = [
  "phoneNumberId",
  "accessToken",
  "appSecret",
  "template",
  "language",
];

const WEEKDAYS: [number, string][] = [
  [1, "Seg"],
  [2, "Ter"],
  [3, "Qua"],
  [4, "Qui"],
  [5, "Sex"],
  [6, "Sáb"],
  [7, "Dom"],
];

/** The channel orders the form offers: both, in either order, or one alone. */
const ORDERS: Record<string, ConfirmationChannel[]> = {
  "WHATSAPP,CALL": ["WHATSAPP", "CALL"],
  "CALL,WHATSAPP": ["CALL", "WHATSAPP"],
  WHATSAPP: ["WHATSAPP"],
  CALL: ["CALL"],
};
const orderLabel = (channels: ConfirmationChannel[]) =>
  channels.map((c) => CONFIRMATION_CHANNEL_LABELS[c]).join(", depois ");

/**
 * /dashboard/agente/confirmacoes (issue #23; docs/decisions/0050-confirmations.md): the agent confirms tomorrow's
 * appointments by WhatsApp and by phone. The settings, the WhatsApp Cloud API's, and the latest sends.
 */
export function ConfirmationsPage() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.confirmations.settings.queryOptions());
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Confirmações de agendamento"
        subtitle="O agente confirma os agendamentos no dia de contato anterior, pelo WhatsApp e por ligação"
      />
      {settings.isPending ? (
        <Spinner label="Carregando confirmações..." className="py-12" />
      ) : settings.isError ? (
        <ErrorState
          message={`Erro ao carregar confirmações: ${settings.error.message}`}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-6">
          <Section title="Configurações" description="Quando e como o agente confirma os agendamentos.">
            <SettingsForm settings={settings.data} />
          </Section>
          <Section
            title="WhatsApp"
            description="WhatsApp Business Cloud API da Meta: a mensagem usa um modelo aprovado com os botões Confirmar, Remarcar e Cancelar."
          >
            <WhatsappSection settings={settings.data} />
          </Section>
          <Section title="Últimos envios" description="O que foi enviado e o que o paciente fez.">
            <SendsTable />
          </Section>
        </div>
      )}
    </div>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{description}</p>
      {children}
    </section>
  );
}

function SettingsForm({ settings }: { settings: ConfirmationSettingsRecord }) {
  const trpc = useTRPC();
  const form = useForm<SettingsValues, unknown, ConfirmationSettingsInput>({
    resolver: zodResolver(SettingsSchema),
    defaultValues: {
      enabled: settings.enabled,
      channels: settings.channels,
      sendFrom: settings.sendFrom,
      windowFrom: settings.windowFrom,
      windowUntil: settings.windowUntil,
      weekdays: settings.weekdays,
      retry: settings.retry,
      retryAfterMinutes: settings.retryAfterMinutes,
      message: settings.message,
    },
  });
  const { register, control, formState, setError } = form;
  const errors = formState.errors;
  const enabledId = useId();
  const retryId = useId();
  const feedback = useSaveFeedback({
    listKey: trpc.confirmations.settings.queryKey(),
    fields: SETTINGS_FIELDS,
    setError,
    onDone: () => {},
  });
  const save = useMutation(
    trpc.confirmations.updateSettings.mutationOptions({
      onSuccess: () => feedback.saved("Confirmações salvas"),
      onError: (error) =>
        feedback.failed(error, "Erro ao salvar", "Não foi possível salvar as confirmações."),
    }),
  );

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="grid gap-4">
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <div className="flex items-center gap-3 text-sm font-medium text-slate-900">
            <Switch id={enabledId} checked={field.value} onCheckedChange={field.onChange} />
            <label htmlFor={enabledId}>Confirmar os agendamentos automaticamente</label>
          </div>
        )}
      />
      {!settings.callsAvailable && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Ligações indisponíveis: esta instalação não tem o Twilio configurado. O canal de ligação fica de
          fora.
        </p>
      )}
      {!settings.whatsapp.configured && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {CONFIRMATION_MESSAGES.whatsappNotConfigured} Enquanto isso, o canal do WhatsApp fica de fora.
        </p>
      )}
      <Field label="Canais, em ordem" error={errors.channels?.message}>
        {({ id, ...aria }) => (
          <Controller
            control={control}
            name="channels"
            render={({ field }) => (
              <Select
                value={(field.value ?? []).join(",")}
                onValueChange={(value) => field.onChange(ORDERS[value])}
              >
                <SelectTrigger id={id} {...aria} ref={field.ref}>
                  <SelectValue placeholder="Selecione" />
                </SelectTrigger>
                <SelectContent>
                  {Object.entries(ORDERS).map(([key, channels]) => (
                    <SelectItem key={key} value={key}>
                      {orderLabel(channels)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Enviar a partir de" error={errors.sendFrom?.message}>
          {(props) => <Input {...props} type="time" {...register("sendFrom")} />}
        </Field>
        <Field label="Ligações das" error={errors.windowFrom?.message}>
          {(props) => <Input {...props} type="time" {...register("windowFrom")} />}
        </Field>
        <Field label="Até" error={errors.windowUntil?.message}>
          {(props) => <Input {...props} type="time" {...register("windowUntil")} />}
        </Field>
      </div>
      <div>
        <Controller
          control={control}
          name="weekdays"
          render={({ field }) => (
            <CheckboxList
              legend="Dias de contato"
              options={WEEKDAYS.map(([day, label]) => ({ value: String(day), label }))}
              value={(field.value ?? []).map(String)}
              onChange={(days) => field.onChange(days.map(Number))}
              error={errors.weekdays?.message}
            />
          )}
        />
        <p className="mt-1 text-xs text-slate-600">
          Nunca em feriados nacionais (inclusive Carnaval, Sexta-feira Santa e Corpus Christi).
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="retry"
          render={({ field }) => (
            <div className="flex items-center gap-3 text-sm text-slate-900">
              <Switch id={retryId} checked={field.value} onCheckedChange={field.onChange} />
              <label htmlFor={retryId}>Ligar de novo uma vez se ninguém atender</label>
            </div>
          )}
        />
        <Field label="Nova tentativa após (minutos)" error={errors.retryAfterMinutes?.message}>
          {(props) => (
            <Input
              {...props}
              type="number"
              min={15}
              max={480}
              {...register("retryAfterMinutes", { valueAsNumber: true })}
            />
          )}
        </Field>
      </div>
      <Field
        label="O que o agente diz"
        error={errors.message?.message}
        hint={`Marcadores: ${CONFIRMATION_PLACEHOLDERS.map((p) => `{${p}}`).join(" ")}`}
      >
        {(props) => <Textarea {...props} rows={3} {...register("message")} />}
      </Field>
      <NextRun settings={settings} />
      <p className="text-xs text-slate-600">
        As ligações de confirmação consomem minutos do plano, como qualquer ligação. Pacientes que pediram
        para não ser contatados não recebem nada.
      </p>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? "Salvando..." : "Salvar"}
        </Button>
      </div>
    </form>
  );
}

const dayLabel = (date: string) => {
  const weekday = ["", "seg", "ter", "qua", "qui", "sex", "sáb", "dom"][isoWeekday(date)] ?? "";
  return `${weekday}, ${formatDate(date).slice(0, 5)}`;
};

/** When the next confirmations go out, for which days (decision 0045's calendar: no holiday, the window's days). */
function NextRun({ settings }: { settings: ConfirmationSettingsRecord }) {
  if (!settings.enabled) return null;
  const next = nextConfirmationRun(new Date(), settings);
  if (!next) return null;
  return (
    <p className="rounded-lg bg-teal-50 px-3 py-2 text-sm text-teal-950">
      Próximo envio: {dayLabel(next.sendDate)}, a partir das {next.sendFrom}, para os agendamentos de{" "}
      {next.forDates.map(dayLabel).join(" e ")}.
    </p>
  );
}

function WhatsappSection({ settings }: { settings: ConfirmationSettingsRecord }) {
  const trpc = useTRPC();
  const form = useForm<WhatsappValues, unknown, WhatsappSettingsInput>({
    resolver: zodResolver(WhatsappSchema),
    defaultValues: {
      phoneNumberId: settings.whatsapp.phoneNumberId ?? "",
      accessToken: "",
      appSecret: "",
      template: settings.whatsapp.template,
      language: settings.whatsapp.language,
    },
  });
  const { register, formState, setError, reset } = form;
  const errors = formState.errors;
  const feedback = useSaveFeedback({
    listKey: trpc.confirmations.settings.queryKey(),
    fields: WHATSAPP_FIELDS,
    setError,
    onDone: () => reset({ ...form.getValues(), accessToken: "", appSecret: "" }),
  });
  const save = useMutation(
    trpc.confirmations.setWhatsapp.mutationOptions({
      onSuccess: () => feedback.saved("WhatsApp configurado"),
      onError: (error) => feedback.failed(error, "Erro ao salvar", "Não foi possível salvar o WhatsApp."),
    }),
  );
  const remove = useMutation(
    trpc.confirmations.removeWhatsapp.mutationOptions({
      onSuccess: () => feedback.saved("WhatsApp removido"),
      onError: (error) => feedback.failed(error, "Erro ao remover"),
    }),
  );
  const w = settings.whatsapp;
  return (
    <div className="grid gap-4">
      {w.configured ? (
        <dl className="grid gap-2 rounded-lg bg-teal-50 px-3 py-3 text-sm text-teal-950">
          <div>
            <dt className="font-medium">Número (phone number id)</dt>
            <dd>{w.phoneNumberId}</dd>
          </div>
          <div>
            <dt className="font-medium">URL do webhook</dt>
            <dd className="break-all">{w.webhookUrl}</dd>
          </div>
          <div>
            <dt className="font-medium">Token de verificação</dt>
            <dd className="break-all">{w.verifyToken}</dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-slate-700">{CONFIRMATION_MESSAGES.whatsappNotConfigured}</p>
      )}
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="ID do número (phone number id)" required error={errors.phoneNumberId?.message}>
            {(props) => <Input {...props} inputMode="numeric" {...register("phoneNumberId")} />}
          </Field>
          <Field label="Token de acesso" required error={errors.accessToken?.message}>
            {(props) => <Input {...props} type="password" autoComplete="off" {...register("accessToken")} />}
          </Field>
          <Field label="Chave secreta do aplicativo" required error={errors.appSecret?.message}>
            {(props) => <Input {...props} type="password" autoComplete="off" {...register("appSecret")} />}
          </Field>
          <Field label="Modelo aprovado" error={errors.template?.message}>
            {(props) => <Input {...props} {...register("template")} />}
          </Field>
        </div>
        <div className="flex flex-col justify-end gap-2 sm:flex-row">
          {w.configured && (
            <Button
              type="button"
              variant="secondary"
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
            >
              Remover WhatsApp
            </Button>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Salvando..." : w.configured ? "Atualizar WhatsApp" : "Configurar WhatsApp"}
          </Button>
        </div>
      </form>
    </div>
  );
}

function SendsTable() {
  const trpc = useTRPC();
  const sends = useQuery(trpc.confirmations.sends.queryOptions({ limit: 50 }));
  if (sends.isPending) return <Spinner label="Carregando envios..." className="py-6" />;
  if (sends.isError)
    return (
      <ErrorState
        message={`Erro ao carregar envios: ${sends.error.message}`}
        onRetry={() => void sends.refetch()}
      />
    );
  if (sends.data.length === 0)
    return <p className="text-sm text-slate-600">Nenhuma confirmação enviada ainda.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-slate-600">
          <tr>
            <th className="py-2 pr-3 font-medium">Paciente</th>
            <th className="py-2 pr-3 font-medium">Agendamento</th>
            <th className="py-2 pr-3 font-medium">Canal</th>
            <th className="py-2 font-medium">Resultado</th>
          </tr>
        </thead>
        <tbody>
          {sends.data.map((send) => (
            <tr key={send.id} className="border-t border-slate-100">
              <td className="py-2 pr-3">{send.clientName}</td>
              <td className="py-2 pr-3">{formatDateTime(send.scheduledAt)}</td>
              <td className="py-2 pr-3">{CONFIRMATION_CHANNEL_LABELS[send.channel]}</td>
              <td className="py-2">
                {CONFIRMATION_STATUS_LABELS[send.status]}
                {send.detail ? <span className="block text-xs text-slate-600">{send.detail}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
