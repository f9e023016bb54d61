// The receptionist's contract (issue #8): what an engine knows of a tenant, the tools it acts through, and the events
// it answers with. The gateway implements `AgentTools` over the tenant's tRPC procedures with the agent credential, so
// every booking rule and tenant check applies to callers too; an engine never touches the database.

import type { ConfirmationOutcome } from "@atende/shared/enums";
import type {
  Appointment,
  AppointmentCreateInput,
  AppointmentListInput,
  AppointmentUpdateInput,
  AvailabilityCheckInput,
  AvailabilityCheckResult,
  FreeSlot,
  FreeSlotsInput,
} from "@atende/shared/schemas/appointments";
import type { AvailabilityRecord } from "@atende/shared/schemas/availabilities";
import type { Client, ClientFormValues } from "@atende/shared/schemas/clients";
import { CONVERSATION_ACTION_TYPES } from "@atende/shared/schemas/conversations";
import type { Establishment } from "@atende/shared/schemas/establishments";
import type { OfferedService } from "@atende/shared/schemas/offered-services";
import type { Professional } from "@atende/shared/schemas/professionals";
import type { TenantProfile } from "@atende/shared/schemas/tenant-profile";
import type { VoiceAgent } from "@atende/shared/schemas/voice-agent";
import type {
  WaitlistCallOfferRecord,
  WaitlistEntry,
  WaitlistFormValues,
} from "@atende/shared/schemas/waitlist";

/** Everything the agent may tell a caller: the tenant's own data, nothing else. */
export interface AgentKnowledge {
  agent: VoiceAgent;
  profile: TenantProfile;
  establishments: Establishment[];
  professionals: Professional[];
  services: OfferedService[];
  /**
   * The professionals' availabilities (spec 001 §3): the weekly hours the agent states when a wanted day or time is
   * outside them (issue #27). Optional: a knowledge without them states no hours from the agenda.
   */
  availabilities?: AvailabilityRecord[];
}

export interface CallInfo {
  callId: string;
  /** The caller's number in E.164, when the network gave one. */
  callerNumber: string | null;
  /** The call's clock (the test clock applied): 'amanhã' and 'sexta que vem' resolve against it. */
  now: () => Date;
  /** The client whose phone number matched the caller's when the call opened. */
  knownClient: Client | null;
  /**
   * The caller was brought back from a warm transfer nobody answered (issue #24; docs/decisions/0056-transfer-return-
   * and-summary.md): the engine says so and takes a message for the team (`AgentTools.takeMessage`) instead of
   * greeting again.
   */
  returnedFromTransfer?: boolean;
  /**
   * A streaming model's engine calls this when the first token of a reply arrives, before a whole sentence is ready
   * to `say` (the per-turn timings, decision 0022); a speculative turn's token that came earlier is reported when the
   * turn is committed (decision 0024). Optional: without it the gateway times the first event instead.
   */
  onFirstToken?(): void;
}

/** A tool's refusal, as the procedure answered it (HTTP-like status and the server's pt-BR message). */
export class ToolError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ToolError";
  }
}

/**
 * The procedures the agent may call. Writes take a `toolCallId`, their idempotency key: the same id twice runs once
 * and answers the first result, so a barge-in or a retry never books twice.
 */
export interface AgentTools {
  freeSlots(input: FreeSlotsInput): Promise<FreeSlot[]>;
  availabilityCheck(input: AvailabilityCheckInput): Promise<AvailabilityCheckResult>;
  findClientByPhone(phoneNumber: string): Promise<Client | null>;
  /** Name contains (case-insensitive), or CPF or phone contains. */
  searchClients(search: string): Promise<Client[]>;
  createClient(toolCallId: string, input: ClientFormValues): Promise<Client>;
  updateClient(toolCallId: string, input: ClientFormValues & { id: string }): Promise<Client>;
  listAppointments(input: AppointmentListInput): Promise<Appointment[]>;
  createAppointment(toolCallId: string, input: AppointmentCreateInput): Promise<Appointment>;
  /** Reschedule (a new `scheduledAt`) or cancel (status CANCELED): a PUT of the editable fields. */
  updateAppointment(toolCallId: string, input: AppointmentUpdateInput): Promise<Appointment>;
  confirmAppointment(toolCallId: string, id: string): Promise<Appointment>;
  /**
   * The client asked on a confirmation call not to be called again ('não quero receber ligações', issue #23). The
   * hook for the opt-out endpoint of issue #23 deliverable 1: absent until that endpoint exists, and then the agent
   * only notes the wish in the call's record ('Pedido'), said so to the client.
   */
  optOutOfCalls?(toolCallId: string, clientId: string): Promise<void>;
  /**
   * A wish on the waitlist for the caller (docs/decisions/0046-waitlist.md): the wanted day had no free time and the
   * caller said yes to the list. Optional: an engine without it never offers the list.
   */
  addToWaitlist?(toolCallId: string, input: WaitlistFormValues): Promise<WaitlistEntry>;
  /**
   * Keeps the caller's message on the call's record, shown as 'Recado para retornar' (a later one replaces it): the
   * message taken when a transfer found nobody (decision 0056). Optional: without it no message can be kept, and the
   * caller is told so.
   */
  takeMessage?(toolCallId: string, message: string): Promise<void>;
  /**
   * The waitlist offer this call was placed for (docs/decisions/0057-waitlist-offer-call.md): accepted (booked through
   * the booking rules; asked again, the same appointment) or declined (the slot goes to the next wish). The server
   * answers only the call's own hold. Optional: without them the offer mode never answers an offer.
   */
  acceptWaitlistOffer?(holdId: string): Promise<Appointment>;
  declineWaitlistOffer?(holdId: string): Promise<void>;
}

/** The waitlist offer an offer call is about, read with the call's credential before the call starts. */
export interface OfferTarget {
  offer: WaitlistCallOfferRecord;
  /** The wish's client: the person asked for ('Falo com …?'). */
  client: Client;
}

/** What an offer call came to, for its record's summary. */
export type OfferCallOutcome = "ACCEPTED" | "DECLINED" | "WRONG_PERSON" | "NO_DECISION";

/** An offer call's session: an `AgentSession` that also tells what the call came to. */
export interface OfferSession extends AgentSession {
  outcome(): OfferCallOutcome;
}

/** The appointment a confirmation call is about (issue #23), read with the agent credential before the call starts. */
export interface ConfirmationTarget {
  appointment: Appointment;
  /** The appointment's client: the person asked for ('Falo com …?'). */
  client: Client;
  /**
   * A pet shop's pet, when the client record names one ('Falo com o tutor do Thor?'; the gateway sets it from the
   * record); without it a pet shop asks for the client by name.
   */
  petName?: string;
}

/** A confirmation call's session: an `AgentSession` that also tells what the call came to, for its record. */
export interface ConfirmationSession extends AgentSession {
  outcome(): ConfirmationOutcome;
}

export type CallerInput =
  /** A final transcript of the caller's turn (or the softphone's typed text). */
  | { kind: "speech"; text: string }
  | { kind: "dtmf"; digits: string }
  /** 6 s of caller silence after the agent finished its turn; 2 means the last chance before goodbye. */
  | { kind: "silence"; prompts: 1 | 2 };

/** The conversation actions an engine reports (conversation records, spec 001 §3): the shared list, labelled there. */
export const ACTION_TYPES = CONVERSATION_ACTION_TYPES;
export type ActionType = (typeof ACTION_TYPES)[number];

export type AgentEvent =
  /**
   * Text to speak: whole sentences, one or more (the gateway cuts them apart and speaks each as soon as it is
   * synthesised). A streaming model's adapter cuts its stream with `SentenceSplitter` and yields each sentence.
   */
  | { type: "say"; text: string }
  | { type: "action"; actionType: ActionType; details?: Record<string, unknown> }
  /** Collected data for the record (shown under 'Dados'), upserted by key. */
  | { type: "data"; key: string; value: string }
  /** The caller identified or registered. */
  | { type: "client"; client: Client }
  /** After the preceding `say`s: transfer the call to this number. */
  | { type: "transfer"; to: string }
  /** After the preceding `say`s: hang up. */
  | { type: "end" };

export interface AgentSession {
  greet(signal: AbortSignal): AsyncIterable<AgentEvent>;
  respond(input: CallerInput, signal: AbortSignal): AsyncIterable<AgentEvent>;
  /**
   * Barge-in: of the last reply, only these `say` texts were heard by the caller (in order; a prefix of what was
   * said). The engine must not treat an unheard question as asked.
   */
  interrupted(heard: string[]): void;
  /** A pt-BR summary of the call so far, for the record. */
  summary(): string;
  /**
   * Starts the reply to these words before the caller's turn is decided (decision 0024), so the model thinks while
   * the gateway waits out the end-of-turn silence. Optional: an engine without it (the offline engine) is only ever
   * asked to `respond`; null when this session will not guess now (a Claude call carried on by its fallback).
   */
  speculate?(text: string): Speculation | null;
}

/**
 * A reply started on the caller's words while they may still go on (decision 0024). Until `commit` nothing of it is
 * said, recorded, written or kept in the engine's history: it buffers what the model streams, runs only tools that
 * read, and waits at the first one that acts. The gateway ends every speculation with exactly one of the two calls.
 */
export interface Speculation {
  /**
   * The caller's turn ended on these words: the reply, as `respond` would give it from this moment, its buffered
   * events first. Tools that act run from here on, through the same confirmation gate.
   */
  commit(signal: AbortSignal): AsyncIterable<AgentEvent>;
  /** The caller went on (or the turn ended otherwise): the model's request is aborted and the guess leaves no trace. */
  cancel(): void;
}

export interface Engine {
  start(knowledge: AgentKnowledge, call: CallInfo, tools: AgentTools): AgentSession;
  /**
   * An outbound confirmation call about `target` (issue #23; decision 0052): who is calling and why, the client
   * asked for, the appointment read back, and confirmed, moved or cancelled through the same tools and the same
   * confirmation gate. Optional: an engine without it cannot place one (the gateway ends such a call politely).
   */
  startConfirmation?(
    knowledge: AgentKnowledge,
    call: CallInfo,
    tools: AgentTools,
    target: ConfirmationTarget,
  ): ConfirmationSession;
  /**
   * An outbound call offering a freed slot held for the client's waitlist wish (docs/decisions/0057-waitlist-offer-
   * call.md): who is calling and why, the client asked for, the slot said, and accepted after a yes to it or declined.
   * Optional: an engine without it cannot hold one (the gateway ends such a call politely).
   */
  startOffer?(
    knowledge: AgentKnowledge,
    call: CallInfo,
    tools: AgentTools,
    target: OfferTarget,
  ): OfferSession;
}
