import {
  AGENT_TYPE_LABELS,
  LIMITS,
  VOICE_AGENT_DEFAULTS,
  VOICE_TONE_LABELS,
  VOICE_TYPE_LABELS,
} from "@atende/shared/catalogue-constants";
import { AGENT_TYPES, type AgentType, VALID_DDDS, VOICE_TONES, VOICE_TYPES } from "@atende/shared/enums";
import { RECORDING_NOTICE } from "@atende/shared/schemas/live-calls";
import {
  type VoiceAgent,
  type VoiceAgentCreate,
  VoiceAgentCreateInput,
  type VoiceAgentFormValues,
} from "@atende/shared/schemas/voice-agent";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { Controller, type Path, useForm } from "react-hook-form";
import { Checkbox } from "../../components/ui/checkbox";
import { CharacterCount, Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { applyServerIssues } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";
import { EnumSelect } from "./enum-select";
import { ForwardingCheck } from "./forwarding-check";

const FIELDS: readonly Path<VoiceAgentFormValues>[] = [
  "agentType",
  "voiceType",
  "voiceTone",
  "name",
  "ddd",
  "welcomeMessage",
  "forwardingPhone",
  "forwardingWhatsapp",
  "recordingNotice",
];

const DDD_LABELS = Object.fromEntries(VALID_DDDS.map((ddd) => [ddd, ddd])) as Record<
  (typeof VALID_DDDS)[number],
  string
>;

const blankAsNull = (value: string | null) => (value == null || value.trim() === "" ? null : value);

function defaultsOf(agent: VoiceAgent | null, newAgentType: AgentType): VoiceAgentFormValues {
  const D = VOICE_AGENT_DEFAULTS;
  return {
    agentType: agent?.agentType ?? newAgentType,
    voiceType: agent?.voiceType ?? D.voiceType,
    voiceTone: agent?.voiceTone ?? D.voiceTone,
    name: agent?.name ?? "",
    ddd: agent?.ddd ?? D.ddd,
    welcomeMessage: agent?.welcomeMessage ?? "",
    forwardingPhone: agent?.forwardingPhone ?? null,
    forwardingWhatsapp: agent?.forwardingWhatsapp ?? null,
    recordingNotice: agent?.recordingNotice ?? true,
  };
}

export interface VoiceAgentFormProps {
  /** null creates the agent; otherwise the form updates it (the DDD is then read-only: spec 000 §4). */
  agent: VoiceAgent | null;
  /**
   * The wizard lets the user choose the kind of business (spec 001 §5); the settings panel does not show it, creates
   * with CLINICA_DE_SAUDE (spec 000 §3) and keeps an existing agent's kind.
   */
  chooseAgentType: boolean;
  /** The forwarding numbers and their 'Testar' (the settings panel, spec 000 §2). */
  withForwarding: boolean;
  onSaved: (agent: VoiceAgent) => void | Promise<void>;
  onFailed: (error: unknown) => void;
  /** Called when a submit is refused by the form's own rules (the wizard says which fields are required). */
  onInvalid?: () => void;
  /** The form's buttons; a submit button saves. */
  actions: (state: { pending: boolean }) => ReactNode;
  className?: string;
}

/** The voice agent's fields, shared by the setup wizard (step 1) and the shell's settings panel. */
/** The two optional forwarding numbers, each with its 'Testar' (spec 000 §2 "Agent settings panel"). */
const FORWARDING_FIELDS = [
  { name: "forwardingPhone", label: "Telefone para encaminhamento", channel: "PHONE", suffix: "phone" },
  {
    name: "forwardingWhatsapp",
    label: "WhatsApp para encaminhamento",
    channel: "WHATSAPP",
    suffix: "whatsapp",
  },
] as const;

export function VoiceAgentForm({
  agent,
  chooseAgentType,
  withForwarding,
  onSaved,
  onFailed,
  onInvalid,
  actions,
  className = "flex flex-col gap-4",
}: VoiceAgentFormProps) {
  const trpc = useTRPC();
  const idBase = useId();
  const form = useForm<VoiceAgentFormValues, unknown, VoiceAgentCreate>({
    resolver: zodResolver(VoiceAgentCreateInput),
    defaultValues: defaultsOf(agent, chooseAgentType ? VOICE_AGENT_DEFAULTS.agentType : "CLINICA_DE_SAUDE"),
  });
  const { register, control, formState, setError, watch } = form;
  const errors = formState.errors;
  const [name, welcomeMessage, forwardingPhone, forwardingWhatsapp] = watch([
    "name",
    "welcomeMessage",
    "forwardingPhone",
    "forwardingWhatsapp",
  ]);

  const failed = (error: unknown) => {
    applyServerIssues(error, FIELDS, setError);
    onFailed(error);
  };
  // The wizard's creation also fills the business profile's kind of business (decision 0044); the panel's does not.
  const createProcedure = chooseAgentType ? trpc.voiceAgent.createInSetup : trpc.voiceAgent.create;
  const create = useMutation(createProcedure.mutationOptions({ onSuccess: onSaved, onError: failed }));
  const update = useMutation(trpc.voiceAgent.update.mutationOptions({ onSuccess: onSaved, onError: failed }));
  const pending = create.isPending || update.isPending;

  const submit = form.handleSubmit(
    (values) => {
      if (agent) {
        // The DDD is fixed at creation; leaving it out keeps it (the server refuses a change).
        const { ddd: _ddd, ...editable } = values;
        update.mutate(editable);
      } else create.mutate(values);
    },
    () => onInvalid?.(),
  );

  return (
    <form noValidate onSubmit={submit} className={className}>
      {chooseAgentType && (
        <Field label="Tipo de negócio" required error={errors.agentType?.message}>
          {(fieldControl) => (
            <Controller
              control={control}
              name="agentType"
              render={({ field }) => (
                <EnumSelect
                  control={fieldControl}
                  values={AGENT_TYPES}
                  labels={AGENT_TYPE_LABELS}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          )}
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Tipo de voz" required error={errors.voiceType?.message}>
          {(fieldControl) => (
            <Controller
              control={control}
              name="voiceType"
              render={({ field }) => (
                <EnumSelect
                  control={fieldControl}
                  values={VOICE_TYPES}
                  labels={VOICE_TYPE_LABELS}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          )}
        </Field>
        <Field label="Tom de voz" required error={errors.voiceTone?.message}>
          {(fieldControl) => (
            <Controller
              control={control}
              name="voiceTone"
              render={({ field }) => (
                <EnumSelect
                  control={fieldControl}
                  values={VOICE_TONES}
                  labels={VOICE_TONE_LABELS}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          )}
        </Field>
      </div>
      <Field
        label="Nome do agente"
        required
        error={errors.name?.message}
        hint={<CharacterCount value={name} max={LIMITS.voiceAgent.name.max} />}
      >
        {(fieldControl) => <Input {...fieldControl} autoComplete="off" {...register("name")} />}
      </Field>
      <Field
        label="DDD"
        required
        error={errors.ddd?.message}
        hint={agent ? "Definido na criação do agente; não pode ser alterado." : undefined}
      >
        {(fieldControl) =>
          agent ? (
            <Input {...fieldControl} value={agent.ddd} readOnly className="bg-slate-50" />
          ) : (
            <Controller
              control={control}
              name="ddd"
              render={({ field }) => (
                <EnumSelect
                  control={fieldControl}
                  values={VALID_DDDS}
                  labels={DDD_LABELS}
                  value={VALID_DDDS.find((ddd) => ddd === field.value)}
                  onChange={field.onChange}
                />
              )}
            />
          )
        }
      </Field>
      <Field
        label="Mensagem de boas-vindas"
        required
        error={errors.welcomeMessage?.message}
        hint={<CharacterCount value={welcomeMessage} max={LIMITS.voiceAgent.welcomeMessage.max} />}
      >
        {(fieldControl) => <Textarea {...fieldControl} rows={4} {...register("welcomeMessage")} />}
      </Field>
      {withForwarding && (
        <Controller
          control={control}
          name="recordingNotice"
          render={({ field }) => (
            <div className="flex items-start gap-3">
              <Checkbox
                id={`${idBase}-recording-notice`}
                checked={field.value ?? true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                aria-describedby={`${idBase}-recording-notice-hint`}
              />
              <div className="flex flex-col gap-0.5">
                <label htmlFor={`${idBase}-recording-notice`} className="text-sm font-medium text-slate-900">
                  Avisar que a ligação pode ser gravada
                </label>
                <p id={`${idBase}-recording-notice-hint`} className="text-sm text-slate-600">
                  A saudação diz: “{RECORDING_NOTICE}”
                </p>
              </div>
            </div>
          )}
        />
      )}
      {withForwarding &&
        FORWARDING_FIELDS.map(({ name, label, channel, suffix }) => (
          <Field key={name} label={label} error={errors[name]?.message}>
            {(fieldControl) => (
              <div className="flex flex-wrap gap-2">
                <Input
                  {...fieldControl}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  placeholder="(00) 00000-0000"
                  className="min-w-0 flex-1"
                  {...register(name, { setValueAs: blankAsNull })}
                />
                <ForwardingCheck
                  channel={channel}
                  phoneNumber={(name === "forwardingPhone" ? forwardingPhone : forwardingWhatsapp) ?? ""}
                  describedById={`${idBase}-${suffix}-check`}
                />
              </div>
            )}
          </Field>
        ))}
      {actions({ pending })}
    </form>
  );
}
