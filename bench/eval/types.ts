// The evaluation's vocabulary (docs/decisions/0038-evaluation-runner.md): a business fixture (what a tenant's records
// hold), a scripted call (what the caller says and knows) and what must be true after it. Browser-safe plain data.
import type { AgentType } from "@atende/shared/enums";

/** `HH:mm`, São Paulo time. */
export type Clock = string;
/** `yyyy-MM-dd`. */
export type Day = string;

export interface FixtureLocation {
  key: string;
  name: string;
  address: string;
  description?: string;
  hasParking?: boolean;
  parkingType?: "FREE" | "PAID";
  hasAccessibility?: boolean;
}

export interface FixtureProfessional {
  key: string;
  name: string;
  specialty: string;
  insurances?: string[];
  observations?: string;
  /** Weekly hours: ISO weekdays (1 = Monday) at one location. */
  hours: { location: string; days: number[]; from: Clock; to: Clock }[];
}

export interface FixtureService {
  key: string;
  name: string;
  duration: number;
  /** Cents; omitted with `variable` for a price set at the evaluation. */
  price?: number;
  variable?: boolean;
  /** The service's note (`observation`). */
  note?: string;
  childAgeNote?: string;
  preparation?: string;
  locations: string[];
  professionals: string[];
}

export interface FixtureClient {
  key: string;
  name: string;
  /** `(11) 98123-4567`. */
  phone: string;
  cpf?: string;
  observations?: string;
}

export interface FixtureAppointment {
  key: string;
  client: string;
  professional: string;
  location: string;
  services: string[];
  day: Day;
  at: Clock;
}

export interface BusinessFixture {
  kind: AgentType;
  name: string;
  agentName: string;
  welcome: string;
  forwardingPhone: string;
  openingHours?: string;
  paymentMethods?: string;
  locations: FixtureLocation[];
  professionals: FixtureProfessional[];
  services: FixtureService[];
  clients: FixtureClient[];
  appointments: FixtureAppointment[];
}

/**
 * One caller turn. A plain string is said on the agent's next turn, whatever it asked (callers who do not follow).
 * `when` holds the line back until an agent turn matches it (accent-free, lower case), the caller answering from
 * what they know meanwhile; `bargeIn` says it while the agent is still speaking (over the sentence matching `when`,
 * if given).
 */
export type Step = string | { say: string; when?: RegExp; bargeIn?: boolean };

/** What the caller knows, used to answer the agent's questions once (or while) the script has nothing to say. */
export interface Persona {
  /** The caller's name, as they say it. */
  name?: string;
  cpf?: string;
  /** Said when asked for a phone number (default: 'pode ser esse mesmo'). */
  phone?: string;
  /** Why they called, if the agent asks again. */
  intent?: string;
  service?: string;
  professional?: string;
  location?: string;
  /** Day and time, as they say it. */
  when?: string;
  /** The answer to a read-back or a 'pode ser?' (default 'sim'). */
  yes?: string;
  /** The answer to 'mais alguma coisa?' (default 'não, obrigado, tchau'). */
  done?: string;
  /** The answer to an offer to transfer the call (default 'não, obrigado'). */
  transfer?: string;
  /** Which of several offered options (default 'o primeiro'). */
  pick?: string;
  /** true: the caller hangs up once the script is said (their last line was a goodbye), answering nothing more. */
  leaves?: boolean;
}

export interface ExpectedBooking {
  /** Service names (substrings, accent-free, any case); two or more: one appointment or several covering them all. */
  services: string[];
  professional?: string;
  day: Day;
  /** The exact start, or a window the start must fall in. */
  at?: Clock;
  between?: [Clock, Clock];
  /** An existing client's fixture key; omitted: the caller, a new client. */
  client?: string;
}

export interface Fact {
  /** Accent-free, lower-case pattern over everything the agent said. */
  re: RegExp;
  what: string;
}

export interface Expectation {
  /** New appointments the caller asked for (exactly these; any other is a wrong write). */
  book?: ExpectedBooking[];
  /** Existing appointments (fixture keys) moved to a new day and time (moving = updating it, or cancelling it and booking the new time). */
  move?: { ref: string; day: Day; at?: Clock; between?: [Clock, Clock] }[];
  cancel?: string[];
  confirm?: string[];
  /** Writes that are fine either way (e.g. a presence confirmed when the caller only checked the time). */
  mayConfirm?: string[];
  /** The new client of a booking: name (accent-free pattern) and the data the caller gave. */
  newClient?: { name: RegExp; cpf?: string; phone?: string };
  /** Names a new client may have without being a wrong write (a tutor's pet; the caller's own name). */
  clientNames?: RegExp[];
  /** true: the call must end transferred; false (default): it must not; 'either': not judged. */
  transfer?: boolean | "either";
  says?: Fact[];
}

export interface EvalCall {
  id: string;
  kind: AgentType;
  /** 'written': typed sentences; 'asr': as a telephone recogniser outputs (numbers in words, fillers, no punctuation). */
  style: "written" | "asr";
  /** What this caller does that a script-following caller would not. */
  about: string;
  /** An existing client's fixture key: the call comes from their number. Otherwise `from` or a fresh number. */
  knownAs?: string;
  from?: string;
  steps: Step[];
  persona?: Persona;
  expect: Expectation;
}

/** The agent's clock for every call (ALLOW_CLOCK_OVERRIDE): Monday 3 June 2030, 09:00 in São Paulo. */
export const CALL_NOW = "2030-06-03T09:00:00-03:00";
