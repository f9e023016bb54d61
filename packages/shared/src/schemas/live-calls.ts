// Calls in progress, watched live (issue #24; docs/decisions/0034-live-calls.md): what the dashboard's stream carries.
// Browser-safe: the server's subscription and the 'Atendimentos' page read these schemas and labels.
import { MESSAGE_SENDERS } from "../enums";
import { z } from "../zod";

/** What the agent of a call in progress is doing, as the server sees it (its tools and the call's record). */
export const LIVE_ACTIVITIES = [
  "LISTENING",
  "LOOKING_UP_SLOTS",
  "CHECKING_SLOT",
  "BOOKING",
  "LOOKING_UP_APPOINTMENTS",
  "LOOKING_UP_PATIENT",
  "REGISTERING_PATIENT",
  "TRANSFERRING",
  "TAKEN_OVER",
] as const;
export type LiveActivity = (typeof LIVE_ACTIVITIES)[number];

/** The pt-BR line of each activity: the call's status on the list and its line in the live transcript. */
export const LIVE_ACTIVITY_LABELS: Readonly<Record<LiveActivity, string>> = {
  LISTENING: "Ouvindo",
  LOOKING_UP_SLOTS: "Consultando horários livres…",
  CHECKING_SLOT: "Verificando o horário…",
  BOOKING: "Agendando…",
  LOOKING_UP_APPOINTMENTS: "Consultando agendamentos…",
  LOOKING_UP_PATIENT: "Consultando o cadastro…",
  REGISTERING_PATIENT: "Cadastrando o paciente…",
  TRANSFERRING: "Transferindo para a equipe…",
  TAKEN_OVER: "Atendido pela equipe",
};

/**
 * The agent's tools (tRPC paths it calls with its credential, decision 0016) that the dashboard reports as an
 * activity; any other tool call (the catalogues, the profile) is not reported.
 */
export const TOOL_ACTIVITIES: Readonly<Record<string, LiveActivity>> = {
  "appointments.freeSlots": "LOOKING_UP_SLOTS",
  "appointments.availabilityCheck": "CHECKING_SLOT",
  "appointments.create": "BOOKING",
  "appointments.update": "BOOKING",
  "appointments.confirm": "BOOKING",
  "appointments.list": "LOOKING_UP_APPOINTMENTS",
  "appointments.get": "LOOKING_UP_APPOINTMENTS",
  "clients.list": "LOOKING_UP_PATIENT",
  "clients.findByPhone": "LOOKING_UP_PATIENT",
  "clients.get": "LOOKING_UP_PATIENT",
  "clients.create": "REGISTERING_PATIENT",
  "clients.update": "REGISTERING_PATIENT",
};

export function liveActivityLabel(activity: string | null | undefined): string {
  const labels: Readonly<Record<string, string>> = LIVE_ACTIVITY_LABELS;
  return (activity != null && Object.hasOwn(labels, activity) ? labels[activity] : undefined) ?? "Atendendo";
}

/** The welcome's sentence when the tenant's recording notice is on (the voice agent's setting, on by default). */
export const RECORDING_NOTICE = "Esta ligação pode ser gravada e acompanhada pela nossa equipe.";

/**
 * The welcome the agent says: with the notice on, the notice goes before the welcome's closing question ('Olá, aqui é
 * a Lia. Esta ligação pode ser gravada… Como posso ajudar?'), else at its end.
 */
export function spokenWelcome(welcome: string, recordingNotice: boolean): string {
  const text = welcome.trim();
  if (!recordingNotice) return text;
  const sentences = text.split(/(?<=[.!?])\s+/);
  const last = sentences.at(-1) ?? "";
  if (sentences.length > 1 && last.endsWith("?"))
    return [...sentences.slice(0, -1), RECORDING_NOTICE, last].join(" ");
  return `${text} ${RECORDING_NOTICE}`;
}

/**
 * Said (Twilio's voice, pt-BR) to a caller whose transfer nobody answered, while the stream back to the agent
 * connects. Only a bridge: the agent's own opening says that nobody could answer and offers to take a message
 * (docs/decisions/0056), so the caller does not hear it twice.
 */
export const TRANSFER_UNANSWERED_LINE = "Um momento, por favor.";
/** The transcript's line when the transfer was not answered. */
export const TRANSFER_UNANSWERED_NOTE = "Transferência não atendida: a ligação voltou para o agente";

/** 'Recado para retornar': the message a caller left when the transfer found nobody. */
export const CALLBACK_MESSAGE_LABEL = "Recado para retornar";
export const CALLBACK_MESSAGE_MAX = 2000;

const instant = z.iso.datetime({ offset: true });

/** A call in progress, at the top of 'Atendimentos'. */
export const LiveCall = z.object({
  id: z.uuid(),
  clientName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  startedAt: instant,
  isTest: z.boolean(),
  activity: z.enum(LIVE_ACTIVITIES).nullable(),
});
export type LiveCall = z.infer<typeof LiveCall>;

/** One line of a live transcript: a turn (caller, agent, a tool's line) or an action the agent completed. */
export const LiveLine = z.object({
  kind: z.enum([...MESSAGE_SENDERS, "ACTION"]),
  text: z.string(),
  timestamp: instant,
});
export type LiveLine = z.infer<typeof LiveLine>;

export const LiveTranscript = z.object({
  callId: z.uuid(),
  /** ACTIVE while in progress; the call's end status once it ended (the stream then says so and stops). */
  status: z.string(),
  activity: z.enum(LIVE_ACTIVITIES).nullable(),
  lines: z.array(LiveLine),
  callbackMessage: z.string().nullable(),
});
export type LiveTranscript = z.infer<typeof LiveTranscript>;

/** Each event of the stream: the calls in progress, and the transcript of the call asked for, when one is. */
export const LiveUpdate = z.object({
  calls: z.array(LiveCall),
  transcript: LiveTranscript.nullable(),
});
export type LiveUpdate = z.infer<typeof LiveUpdate>;

export const LiveWatchInput = z.object({
  /** The watch ticket `conversations.watchTicket` issued (valid for a minute; a stream outlives it). */
  ticket: z.string().min(1).max(2000),
  /** The call whose transcript to follow; absent: only the calls in progress. */
  callId: z.uuid("Atendimento não encontrado").optional(),
});

export const WatchTicket = z.object({ ticket: z.string() });

// ─── Listening in and taking over (docs/decisions/0055-listen-in-and-takeover.md) ─────────────────────────────────

/** What a live-audio ticket lets its holder do: hear the call, or take it from the agent. */
export const LIVE_AUDIO_MODES = ["listen", "takeover"] as const;
export type LiveAudioMode = (typeof LIVE_AUDIO_MODES)[number];

export const LiveAudioTicketInput = z.object({
  callId: z.uuid("Atendimento não encontrado"),
  mode: z.enum(LIVE_AUDIO_MODES, "Modo inválido: use 'listen' ou 'takeover'"),
});

/** Where the browser opens the call's audio: the gateway's `/live-audio` with the ticket (a minute, one call). */
export const LiveAudioTicket = z.object({ url: z.string() });
export type LiveAudioTicket = z.infer<typeof LiveAudioTicket>;

const LIVE_AUDIO_TICKET_INVALID = "Ticket de áudio inválido";

/** What the gateway reports of a ticket's use, with the call's agent credential (each is audited). */
export const LIVE_AUDIO_EVENTS = ["LISTEN", "TAKE_OVER", "HAND_BACK"] as const;
export type LiveAudioEvent = (typeof LIVE_AUDIO_EVENTS)[number];

/** A signed token's characters (base64url parts and dots). */
const TICKET_PATTERN = /^[A-Za-z0-9_.-]+$/;

export const LiveAudioUseInput = z.object({
  ticket: z
    .string(LIVE_AUDIO_TICKET_INVALID)
    .min(1, LIVE_AUDIO_TICKET_INVALID)
    .max(4000, LIVE_AUDIO_TICKET_INVALID)
    .regex(TICKET_PATTERN, LIVE_AUDIO_TICKET_INVALID),
  event: z.enum(LIVE_AUDIO_EVENTS, "Uso inválido: LISTEN, TAKE_OVER ou HAND_BACK"),
});

/** The staff member the gateway now serves: their name for the transcript and the taker's refusal. */
export const LiveAudioUse = z.object({
  userId: z.uuid(),
  name: z.string(),
  mode: z.enum(LIVE_AUDIO_MODES),
});
export type LiveAudioUse = z.infer<typeof LiveAudioUse>;

/** What the agent says as a staff member takes the call, and when it is handed back. */
export const TAKEOVER_LINE = "Vou passar você para a nossa equipe.";
export const HAND_BACK_LINE = "Voltei. Em que mais posso ajudar?";

/** The transcript's SYSTEM lines of a takeover and a hand-back. */
export function takenOverNote(name: string): string {
  return `Atendimento assumido por ${name}`;
}
export function handedBackNote(name: string): string {
  return `${name} devolveu o atendimento ao agente`;
}

/** The pt-BR messages of listening and taking over (the server's refusals, the gateway's close reasons). */
export const LIVE_AUDIO_MESSAGES = {
  callEnded: "Esta ligação já terminou.",
  superAdminTakeover: "Um super administrador pode ouvir a ligação, mas não assumi-la.",
  ticketRefused: "Acesso ao áudio da ligação negado.",
  alreadyTaken: "Outra pessoa da equipe já assumiu esta ligação.",
  notHere: "Esta ligação não está mais em andamento.",
} as const;

/**
 * The control messages of the live-audio websocket (text frames; audio goes as binary 160-byte mu-law frames): the
 * gateway tells the browser the call's state, the taker hands the call back.
 */
export type LiveAudioServerMessage =
  | { event: "state"; state: "listening" | "handing-over" | "taken" | "agent" }
  | { event: "refused"; message: string }
  | { event: "ended" };
export type LiveAudioClientMessage = { event: "hand-back" };
