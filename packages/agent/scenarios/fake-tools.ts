// An in-memory AgentTools with the procedures' rules: inputs checked with the same zod schemas, free slots from
// weekly windows on the 5-minute grid, 409 on an occupied range, 400 outside a window or in the past, 404 for ids
// that do not resolve, and idempotency by toolCallId (the same id answers the first result without running again).
import {
  type Appointment,
  AppointmentCreateInput,
  type AppointmentListInput,
  AppointmentUpdateInput,
  conflictMessage,
  type FreeSlot,
  type FreeSlotsInput,
  outsideWindowMessage,
} from "@atende/shared/schemas/appointments";
import { CallTakeMessageInput } from "@atende/shared/schemas/calls";
import { type Client, ClientCreateInput, ClientUpdateInput } from "@atende/shared/schemas/clients";
import { WaitlistCreateInput, type WaitlistEntry } from "@atende/shared/schemas/waitlist";
import {
  addDays,
  dateOf,
  instantAt,
  isoWeekday,
  minutesOfDay,
  timeOfDayOf,
  toWireInstant,
  toWireMinute,
} from "@atende/shared/time";
import { type AgentTools, ToolError } from "../src/types";
import type { Fixture } from "./fixtures";

export interface ToolCall {
  tool: keyof AgentTools;
  toolCallId?: string;
  input: unknown;
  /** False when the idempotency key answered a stored result. */
  ran: boolean;
}

const OCCUPYING = new Set(["SCHEDULED", "COMPLETED", "NO_SHOW"]);

export class FakeTools implements AgentTools {
  readonly calls: ToolCall[] = [];
  /** Every free slot the tool answered: the times the agent may offer. */
  readonly answeredSlots: FreeSlot[] = [];
  readonly clients: Client[];
  readonly appointments: Appointment[];
  /** The waitlist wishes added in the call. */
  readonly wishes: WaitlistEntry[] = [];
  private readonly stored = new Map<string, unknown>();
  private seq = 9000;
  /** Runs before a write's handler: a test can take the slot meanwhile, or throw a network error. */
  beforeWrite:
    | ((tool: keyof AgentTools, input: unknown, attempt: number) => void | Promise<void>)
    | undefined;
  private attempts = new Map<string, number>();

  constructor(
    private readonly fixture: Fixture,
    private readonly now: () => Date,
  ) {
    this.clients = fixture.clients.map((c) => ({ ...c }));
    this.appointments = fixture.appointments.map((a) => ({ ...a }));
  }

  private newId(): string {
    this.seq++;
    return `00000000-0000-4000-9000-${String(this.seq).padStart(12, "0")}`;
  }

  private async idempotent<T>(
    tool: keyof AgentTools,
    toolCallId: string,
    input: unknown,
    run: () => T,
  ): Promise<T> {
    if (!toolCallId || toolCallId.length > 100) throw new ToolError(400, "Idempotency-Key obrigatório");
    const key = `${tool}:${toolCallId}`;
    if (this.stored.has(key)) {
      this.calls.push({ tool, toolCallId, input, ran: false });
      return this.stored.get(key) as T;
    }
    const attempt = (this.attempts.get(key) ?? 0) + 1;
    this.attempts.set(key, attempt);
    this.calls.push({ tool, toolCallId, input, ran: true });
    await this.beforeWrite?.(tool, input, attempt);
    const result = run();
    this.stored.set(key, result);
    return result;
  }

  private service(id: string) {
    const s = this.fixture.knowledge.services.find((x) => x.id === id);
    if (!s) throw new ToolError(404, "Serviço não encontrado");
    return s;
  }

  private occupiedMinutes(serviceIds: string[]): number {
    return serviceIds.reduce((sum, id) => {
      const s = this.service(id);
      return sum + s.duration + s.bufferDurationBefore + s.bufferDurationAfter;
    }, 0);
  }

  private windowFor(
    professionalId: string,
    establishmentId: string,
    date: string,
    start: number,
    length: number,
  ) {
    const windows = this.fixture.windows.filter(
      (w) =>
        w.professional === professionalId &&
        w.establishment === establishmentId &&
        w.weekdays.includes(isoWeekday(date)),
    );
    return { windows, fit: windows.find((w) => start >= w.start && start + length <= w.end) };
  }

  private conflict(
    professionalId: string,
    startMs: number,
    endMs: number,
    except?: string,
  ): Appointment | undefined {
    return this.appointments.find(
      (a) =>
        a.id !== except &&
        a.professionalId === professionalId &&
        OCCUPYING.has(a.status) &&
        new Date(a.scheduledAt).getTime() < endMs &&
        new Date(a.endsAt).getTime() > startMs,
    );
  }

  private checkBooking(
    input: { professionalId: string; establishmentId: string; scheduledAt: Date; offeredServices: string[] },
    except?: string,
  ) {
    const k = this.fixture.knowledge;
    if (!k.professionals.some((p) => p.id === input.professionalId))
      throw new ToolError(404, "Profissional não encontrado");
    if (!k.establishments.some((e) => e.id === input.establishmentId))
      throw new ToolError(404, "Estabelecimento não encontrado");
    for (const id of input.offeredServices) {
      const s = this.service(id);
      if (
        !s.allowedProfessionals.includes(input.professionalId) ||
        !s.availableEstablishments.includes(input.establishmentId)
      ) {
        throw new ToolError(400, `Serviço ${s.name} não é oferecido por este profissional neste local`);
      }
    }
    if (input.scheduledAt.getTime() <= this.now().getTime())
      throw new ToolError(400, "Data de agendamento deve ser no futuro");
    const date = dateOf(input.scheduledAt);
    const start = minutesOfDay(timeOfDayOf(input.scheduledAt));
    const length = this.occupiedMinutes(input.offeredServices);
    const { windows, fit } = this.windowFor(input.professionalId, input.establishmentId, date, start, length);
    if (!fit) {
      const w = windows[0];
      throw new ToolError(
        400,
        w
          ? outsideWindowMessage(w.start, w.end)
          : "Profissional não disponível neste local na data selecionada",
      );
    }
    const startMs = input.scheduledAt.getTime();
    const endMs = startMs + length * 60_000;
    const existing = this.conflict(input.professionalId, startMs, endMs, except);
    if (existing) {
      const a = minutesOfDay(timeOfDayOf(new Date(existing.scheduledAt)));
      const b = minutesOfDay(timeOfDayOf(new Date(existing.endsAt)));
      throw new ToolError(409, conflictMessage(a, b));
    }
    return { endsAt: toWireMinute(endMs) };
  }

  async freeSlots(input: FreeSlotsInput): Promise<FreeSlot[]> {
    this.calls.push({ tool: "freeSlots", input, ran: true });
    const ids = Array.isArray(input.offeredServices)
      ? input.offeredServices
      : String(input.offeredServices).split(",");
    const services = ids.map((id) => this.service(id));
    const length = this.occupiedMinutes(ids);
    const out: FreeSlot[] = [];
    for (let date = input.startDate; date <= input.endDate; date = addDays(date, 1)) {
      for (const w of this.fixture.windows) {
        if (input.professionalId && w.professional !== input.professionalId) continue;
        if (input.establishmentId && w.establishment !== input.establishmentId) continue;
        if (!w.weekdays.includes(isoWeekday(date))) continue;
        if (
          !services.every(
            (s) =>
              s.allowedProfessionals.includes(w.professional) &&
              s.availableEstablishments.includes(w.establishment),
          )
        )
          continue;
        for (let m = w.start; m + length <= w.end; m += 5) {
          const startMs = instantAt(date, m).getTime();
          const endMs = startMs + length * 60_000;
          if (this.conflict(w.professional, startMs, endMs)) continue;
          out.push({
            start: toWireMinute(startMs),
            end: toWireMinute(endMs),
            professionalId: w.professional,
            establishmentId: w.establishment,
          });
        }
      }
    }
    out.sort((a, b) => a.start.localeCompare(b.start));
    this.answeredSlots.push(...out);
    return out;
  }

  async availabilityCheck(): Promise<never> {
    throw new ToolError(400, "não usado pelo cenário");
  }

  async findClientByPhone(phoneNumber: string): Promise<Client | null> {
    this.calls.push({ tool: "findClientByPhone", input: phoneNumber, ran: true });
    const digits = phoneNumber.replace(/\D/g, "").slice(-11);
    return this.clients.find((c) => c.phoneNumber.replace(/\D/g, "").endsWith(digits)) ?? null;
  }

  async searchClients(search: string): Promise<Client[]> {
    this.calls.push({ tool: "searchClients", input: search, ran: true });
    const s = search.trim().toLowerCase();
    const digits = s.replace(/\D/g, "");
    return this.clients.filter(
      (c) =>
        c.fullName.toLowerCase().includes(s) ||
        (digits.length > 0 &&
          /^[\d.\-\s()+]+$/.test(s) &&
          ((c.documentNumber ?? "").replace(/\D/g, "").includes(digits) ||
            c.phoneNumber.replace(/\D/g, "").includes(digits))),
    );
  }

  createClient(toolCallId: string, input: Parameters<AgentTools["createClient"]>[1]): Promise<Client> {
    return this.idempotent("createClient", toolCallId, input, () => {
      const parsed = ClientCreateInput.safeParse(input);
      if (!parsed.success) throw new ToolError(400, parsed.error.issues[0]?.message ?? "Dados inválidos");
      const c: Client = {
        id: this.newId(),
        tenantId: this.fixture.clients[0]?.tenantId ?? "",
        ...parsed.data,
        petName: parsed.data.petName ?? null,
        petSpecies: parsed.data.petSpecies ?? null,
        contactOptOutAt: null,
        createdAt: toWireInstant(this.now()),
      };
      this.clients.push(c);
      return c;
    });
  }

  updateClient(toolCallId: string, input: Parameters<AgentTools["updateClient"]>[1]): Promise<Client> {
    return this.idempotent("updateClient", toolCallId, input, () => {
      const parsed = ClientUpdateInput.safeParse(input);
      if (!parsed.success) throw new ToolError(400, parsed.error.issues[0]?.message ?? "Dados inválidos");
      const i = this.clients.findIndex((c) => c.id === parsed.data.id);
      if (i < 0) throw new ToolError(404, "Cliente não encontrado");
      const c = { ...this.clients[i]!, ...parsed.data };
      this.clients[i] = c;
      return c;
    });
  }

  async listAppointments(input: AppointmentListInput): Promise<Appointment[]> {
    this.calls.push({ tool: "listAppointments", input, ran: true });
    return this.appointments.filter((a) => {
      const d = dateOf(new Date(a.scheduledAt));
      return (
        d >= input.startDate &&
        d <= input.endDate &&
        (!input.clientId || a.clientId === input.clientId) &&
        (!input.professionalId || a.professionalId === input.professionalId) &&
        (!input.establishmentId || a.establishmentId === input.establishmentId)
      );
    });
  }

  createAppointment(
    toolCallId: string,
    input: Parameters<AgentTools["createAppointment"]>[1],
  ): Promise<Appointment> {
    return this.idempotent("createAppointment", toolCallId, input, () => {
      const parsed = AppointmentCreateInput.safeParse(input);
      if (!parsed.success) throw new ToolError(400, parsed.error.issues[0]?.message ?? "Dados inválidos");
      const v = parsed.data;
      if (!this.clients.some((c) => c.id === v.clientId)) throw new ToolError(404, "Cliente não encontrado");
      const { endsAt } = this.checkBooking(v);
      const appt: Appointment = {
        id: this.newId(),
        tenantId: this.fixture.clients[0]?.tenantId ?? "",
        clientId: v.clientId,
        professionalId: v.professionalId,
        establishmentId: v.establishmentId,
        scheduledAt: toWireMinute(v.scheduledAt),
        endsAt,
        status: "SCHEDULED",
        observations: v.observations ?? null,
        confirmedAt: null,
        confirmedVia: null,
        offeredServices: v.offeredServices.map((id) => {
          const s = this.service(id);
          return {
            offeredServiceId: s.id,
            offeredServiceName: s.name,
            duration: s.duration,
            bufferDurationBefore: s.bufferDurationBefore,
            bufferDurationAfter: s.bufferDurationAfter,
          };
        }),
        createdAt: toWireInstant(this.now()),
      };
      this.appointments.push(appt);
      return appt;
    });
  }

  updateAppointment(
    toolCallId: string,
    input: Parameters<AgentTools["updateAppointment"]>[1],
  ): Promise<Appointment> {
    return this.idempotent("updateAppointment", toolCallId, input, () => {
      const parsed = AppointmentUpdateInput.safeParse(input);
      if (!parsed.success) throw new ToolError(400, parsed.error.issues[0]?.message ?? "Dados inválidos");
      const v = parsed.data;
      const i = this.appointments.findIndex((a) => a.id === v.id);
      if (i < 0) throw new ToolError(404, "Agendamento não encontrado");
      const current = this.appointments[i]!;
      let endsAt = current.endsAt;
      if (OCCUPYING.has(v.status) && toWireMinute(v.scheduledAt) !== current.scheduledAt) {
        endsAt = this.checkBooking(v, current.id).endsAt;
      }
      const updated: Appointment = {
        ...current,
        professionalId: v.professionalId,
        establishmentId: v.establishmentId,
        scheduledAt: toWireMinute(v.scheduledAt),
        endsAt,
        status: v.status,
      };
      this.appointments[i] = updated;
      return updated;
    });
  }

  confirmAppointment(toolCallId: string, id: string): Promise<Appointment> {
    return this.idempotent("confirmAppointment", toolCallId, id, () => {
      const i = this.appointments.findIndex((a) => a.id === id);
      if (i < 0) throw new ToolError(404, "Agendamento não encontrado");
      const a = this.appointments[i]!;
      if (a.status === "CANCELED") throw new ToolError(400, "Agendamento cancelado não pode ser confirmado");
      const updated = {
        ...a,
        confirmedAt: a.confirmedAt ?? toWireInstant(this.now()),
        confirmedVia: a.confirmedVia ?? "CALL",
      };
      this.appointments[i] = updated;
      return updated;
    });
  }

  /** The message kept on the call's record ('Recado para retornar'): the last one taken. */
  callbackMessage: string | null = null;

  takeMessage(toolCallId: string, message: string): Promise<void> {
    return this.idempotent("takeMessage", toolCallId, message, () => {
      const parsed = CallTakeMessageInput.safeParse({ message });
      if (!parsed.success) throw new ToolError(400, parsed.error.issues[0]?.message ?? "Recado inválido");
      this.callbackMessage = parsed.data.message;
    });
  }

  addToWaitlist(toolCallId: string, input: Parameters<NonNullable<AgentTools["addToWaitlist"]>>[1]) {
    return this.idempotent("addToWaitlist", toolCallId, input, () => {
      const parsed = WaitlistCreateInput.safeParse(input);
      if (!parsed.success) throw new ToolError(400, parsed.error.issues[0]?.message ?? "Dados inválidos");
      const v = parsed.data;
      const client = this.clients.find((c) => c.id === v.clientId);
      if (!client) throw new ToolError(404, "Paciente não encontrado");
      const service = this.service(v.offeredServiceId);
      const professional = this.fixture.knowledge.professionals.find((p) => p.id === v.professionalId);
      const establishment = this.fixture.knowledge.establishments.find((e) => e.id === v.establishmentId);
      if (v.professionalId && !professional) throw new ToolError(404, "Profissional não encontrado");
      if (v.establishmentId && !establishment) throw new ToolError(404, "Unidade não encontrada");
      const entry: WaitlistEntry = {
        id: this.newId(),
        tenantId: client.tenantId,
        clientId: client.id,
        clientName: client.fullName,
        offeredServiceId: service.id,
        offeredServiceName: service.name,
        professionalId: v.professionalId,
        professionalName: professional?.name ?? null,
        establishmentId: v.establishmentId,
        establishmentName: establishment?.name ?? null,
        fromDate: v.fromDate,
        untilDate: v.untilDate,
        dayPart: v.dayPart,
        notes: v.notes ?? null,
        status: "WAITING",
        createdAt: toWireInstant(this.now()),
        offer: null,
        appointmentId: null,
      };
      this.wishes.push(entry);
      return entry;
    });
  }
}
