// The model's tools: `AgentTools` one to one (plus transfer and end of call), their input schemas generated from the
// shared zod schemas the procedures validate with (so a rule and its pt-BR message exist once), inputs validated
// before anything runs, and the appointment writes gated in code: they run only on the caller's yes to a read-back
// (decision 0021; spec 001 §5's rules still apply on the server). Only the tools marked read-only may run in a turn
// started speculatively, before the caller's turn is decided (decision 0024).

import type { Tool } from "@anthropic-ai/sdk/resources/messages/messages";
import {
  type Appointment,
  AppointmentCreateInput,
  AppointmentListInput,
  AvailabilityCheckInput,
  establishmentIdField,
  FreeSlotsInput,
  professionalIdField,
  scheduledAtField,
} from "@atende/shared/schemas/appointments";
import {
  type Client,
  ClientCreateInput,
  ClientFindByPhoneInput,
  ClientUpdateInput,
} from "@atende/shared/schemas/clients";
import { z } from "@atende/shared/zod";
import { editableFieldsOf } from "../appointment";
import { shortWhen, whenWords } from "../speak";
import type { AgentEvent, AgentKnowledge, AgentTools } from "../types";

/** What a tool needs from the session besides its input. */
export interface ToolContext {
  tools: AgentTools;
  knowledge: AgentKnowledge;
  /** The tool_use id: the write's idempotency key. */
  toolUseId: string;
  now: Date;
  /**
   * Whether the caller's latest utterance is a yes to an agent turn that read back this day and time (spec 001 §5:
   * a booking is written only when the caller agreed to it).
   */
  confirmed(instant: Date): boolean;
  /** Appointments the model has seen this call (listed or booked), by id. */
  appointments: Map<string, Appointment>;
  clients: Map<string, Client>;
}

export interface ToolOutcome {
  /** What goes back to the model in the tool_result. */
  content: string;
  isError?: boolean;
  /** Events for the gateway (the record), in order. */
  events?: AgentEvent[];
  /** A sentence for the call's summary. */
  outcome?: string;
  /** transfer_call / end_call: the turn ends here, nothing goes back to the model. */
  ends?: boolean;
}

export interface ToolDef {
  name: string;
  definition: Tool;
  /**
   * It only reads the tenant's data: a speculative turn may run it before the caller's turn is decided (decision
   * 0024). Every other tool acts (writes, or transfers or ends the call) and waits until the turn is committed.
   */
  readOnly: boolean;
  run(input: unknown, ctx: ToolContext): Promise<ToolOutcome>;
}

const uuid = z.uuid({ error: "ID inválido" });

/** JSON schema of a zod schema's input, without what only costs tokens (the meta-schema, uuid regexes). */
function jsonSchemaOf(schema: z.ZodType, hints: Record<string, string>): Tool.InputSchema {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === "$schema") continue;
      if (k === "pattern" && (node as { format?: unknown }).format === "uuid") continue;
      out[k] = strip(v);
    }
    return out;
  };
  const clean = strip(json) as Record<string, unknown>;
  const properties = (clean.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const [key, description] of Object.entries(hints)) {
    if (properties[key]) properties[key] = { ...properties[key], description };
  }
  return { ...clean, type: "object", properties };
}

/** The zod issues as one pt-BR line for the model ('scheduledAt: Data e hora inválidas'). */
function issuesText(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "entrada"}: ${i.message}`).join("; ");
}

export function tool<S extends z.ZodType>(def: {
  name: string;
  description: string;
  schema: S;
  hints?: Record<string, string>;
  /** Off unless said: a new tool acts until it is known to only read (decision 0024). */
  readOnly?: boolean;
  run(input: z.output<S>, raw: z.input<S>, ctx: ToolContext): Promise<ToolOutcome>;
}): ToolDef {
  return {
    name: def.name,
    readOnly: def.readOnly ?? false,
    definition: {
      name: def.name,
      description: def.description,
      input_schema: jsonSchemaOf(def.schema, def.hints ?? {}),
    },
    async run(input, ctx) {
      const parsed = def.schema.safeParse(input);
      if (!parsed.success) return { content: `Entrada inválida: ${issuesText(parsed.error)}`, isError: true };
      // The raw input passed the schema: it is what the procedure itself will receive and validate again.
      return def.run(parsed.data, input as z.input<S>, ctx);
    },
  };
}

const json = (value: unknown) => JSON.stringify(value);

function notConfirmed(instant: Date, ctx: ToolContext, what: string): ToolOutcome {
  return {
    isError: true,
    content:
      `Não executado: o cliente ainda não confirmou ${what}. Leia para ele o dia e o horário ` +
      `(${whenWords(instant, ctx.now)}) e pergunte se pode confirmar; chame esta ferramenta só depois que ele disser sim.`,
  };
}

function unknownAppointment(): ToolOutcome {
  return {
    isError: true,
    content:
      "Agendamento não encontrado nesta chamada: use list_appointments para achar os agendamentos do paciente.",
  };
}

function serviceNames(a: Appointment): string {
  return a.offeredServices.map((s) => s.offeredServiceName).join(" e ");
}

/** The patient a write was for, identified for the record (the conversation's patient and its 'Nome'). */
function identified(ctx: ToolContext, clientId: string): AgentEvent[] {
  const client = ctx.clients.get(clientId);
  return client
    ? [
        { type: "client", client },
        { type: "data", key: "Nome", value: client.fullName },
      ]
    : [];
}

function clientName(ctx: ToolContext, id: string): string {
  return ctx.clients.get(id)?.fullName ?? "Paciente";
}

function appointmentForModel(a: Appointment) {
  return {
    id: a.id,
    scheduledAt: a.scheduledAt,
    endsAt: a.endsAt,
    status: a.status,
    confirmed: a.confirmedAt !== null,
    professionalId: a.professionalId,
    establishmentId: a.establishmentId,
    services: a.offeredServices.map((s) => s.offeredServiceName),
  };
}

const MAX_SLOTS = 16;

export const TOOLS: ToolDef[] = [
  tool({
    name: "find_free_slots",
    readOnly: true,
    description:
      "Horários livres para um ou mais serviços entre duas datas (no máximo 62 dias), opcionalmente de um profissional ou unidade. Devolve os primeiros horários.",
    schema: FreeSlotsInput,
    hints: { offeredServices: "ids dos serviços", startDate: "yyyy-MM-dd", endDate: "yyyy-MM-dd" },
    async run(_input, raw, ctx) {
      const slots = await ctx.tools.freeSlots(raw);
      // Slots are on a 5-minute grid: the first dozen would be one hour. Whole and half hours go first, so the few
      // the model sees spread over the days asked for.
      const round = (s: { start: string }) => /T\d\d:(00|30):/.test(s.start);
      const shown = [...slots.filter(round), ...slots.filter((s) => !round(s))]
        .slice(0, MAX_SLOTS)
        .sort((a, b) => a.start.localeCompare(b.start));
      return {
        content: json({
          total: slots.length,
          slots: shown.map((s) => ({
            start: s.start,
            professionalId: s.professionalId,
            establishmentId: s.establishmentId,
          })),
        }),
      };
    },
  }),
  tool({
    name: "check_availability",
    readOnly: true,
    description:
      "Verifica se um horário está disponível para um profissional, unidade e serviços. CONFLICT e OUTSIDE_WINDOW impedem o agendamento.",
    schema: AvailabilityCheckInput,
    hints: { scheduledAt: "yyyy-MM-ddTHH:mm:00-03:00" },
    async run(_input, raw, ctx) {
      return { content: json(await ctx.tools.availabilityCheck(raw)) };
    },
  }),
  tool({
    name: "find_patient_by_phone",
    readOnly: true,
    description: "Procura o paciente cadastrado com este telefone.",
    schema: ClientFindByPhoneInput,
    async run(input, _raw, ctx) {
      const client = await ctx.tools.findClientByPhone(input.phoneNumber);
      if (client) ctx.clients.set(client.id, client);
      return { content: json(client) };
    },
  }),
  tool({
    name: "search_patients",
    readOnly: true,
    description: "Procura pacientes pelo nome (parte do nome), CPF ou telefone.",
    schema: z.object({ search: z.string().trim().min(1, "Busca obrigatória").max(150) }),
    async run(input, _raw, ctx) {
      const found = await ctx.tools.searchClients(input.search);
      for (const c of found) ctx.clients.set(c.id, c);
      return {
        content: json(
          found.slice(0, 10).map((c) => ({
            id: c.id,
            fullName: c.fullName,
            phoneNumber: c.phoneNumber,
            documentNumber: c.documentNumber,
          })),
        ),
      };
    },
  }),
  tool({
    name: "register_patient",
    description: "Cadastra um novo paciente (nome completo e telefone obrigatórios; CPF opcional).",
    schema: ClientCreateInput,
    async run(_input, raw, ctx) {
      const client = await ctx.tools.createClient(ctx.toolUseId, raw);
      ctx.clients.set(client.id, client);
      return {
        content: json({ id: client.id, fullName: client.fullName }),
        events: [
          { type: "client", client },
          { type: "action", actionType: "CLIENT_REGISTERED", details: { clientId: client.id } },
          { type: "data", key: "Nome", value: client.fullName },
        ],
      };
    },
  }),
  tool({
    name: "update_patient",
    description: "Atualiza o cadastro de um paciente (envie todos os campos, inclusive os que não mudam).",
    schema: ClientUpdateInput,
    async run(_input, raw, ctx) {
      const client = await ctx.tools.updateClient(ctx.toolUseId, raw);
      ctx.clients.set(client.id, client);
      return {
        content: json({ id: client.id, fullName: client.fullName }),
        events: [
          { type: "client", client },
          { type: "action", actionType: "CLIENT_UPDATED", details: { clientId: client.id } },
        ],
      };
    },
  }),
  tool({
    name: "list_appointments",
    readOnly: true,
    description: "Lista agendamentos entre duas datas (inclusive), de preferência filtrando pelo paciente.",
    schema: AppointmentListInput,
    hints: { startDate: "yyyy-MM-dd", endDate: "yyyy-MM-dd" },
    async run(_input, raw, ctx) {
      const list = await ctx.tools.listAppointments(raw);
      for (const a of list) ctx.appointments.set(a.id, a);
      return { content: json(list.map(appointmentForModel)) };
    },
  }),
  tool({
    name: "book_appointment",
    description:
      "Agenda um horário. Só depois de ler o agendamento para o cliente (serviço, profissional, dia e horário) e ele dizer sim.",
    schema: AppointmentCreateInput,
    hints: { scheduledAt: "yyyy-MM-ddTHH:mm:00-03:00", offeredServices: "ids dos serviços" },
    async run(input, raw, ctx) {
      if (!ctx.confirmed(input.scheduledAt)) return notConfirmed(input.scheduledAt, ctx, "este agendamento");
      const appt = await ctx.tools.createAppointment(ctx.toolUseId, raw);
      ctx.appointments.set(appt.id, appt);
      const k = ctx.knowledge;
      const prof = k.professionals.find((p) => p.id === appt.professionalId);
      const est = k.establishments.find((e) => e.id === appt.establishmentId);
      const events: AgentEvent[] = identified(ctx, appt.clientId);
      events.push(
        {
          type: "action",
          actionType: "APPOINTMENT_CREATED",
          details: {
            appointmentId: appt.id,
            scheduledAt: appt.scheduledAt,
            professionalId: appt.professionalId,
            offeredServiceId: appt.offeredServices[0]?.offeredServiceId,
          },
        },
        { type: "data", key: "Serviço", value: serviceNames(appt) },
      );
      if (prof) events.push({ type: "data", key: "Profissional", value: prof.name });
      events.push({ type: "data", key: "Data e hora", value: shortWhen(appt.scheduledAt) });
      if (est && k.establishments.length > 1) events.push({ type: "data", key: "Unidade", value: est.name });
      return {
        content: json(appointmentForModel(appt)),
        events,
        outcome: `Paciente ${clientName(ctx, appt.clientId)} agendou ${serviceNames(appt)} com ${prof?.name ?? "profissional"} para ${shortWhen(appt.scheduledAt)}.`,
      };
    },
  }),
  tool({
    name: "reschedule_appointment",
    description:
      "Remarca um agendamento para um novo horário (e, se mudar, profissional ou unidade). Só depois de ler o novo dia e horário e o cliente dizer sim.",
    schema: z.object({
      appointmentId: uuid,
      scheduledAt: scheduledAtField,
      professionalId: professionalIdField.optional(),
      establishmentId: establishmentIdField.optional(),
    }),
    hints: { scheduledAt: "novo horário, yyyy-MM-ddTHH:mm:00-03:00" },
    async run(input, raw, ctx) {
      const a = ctx.appointments.get(input.appointmentId);
      if (!a) return unknownAppointment();
      if (!ctx.confirmed(input.scheduledAt)) return notConfirmed(input.scheduledAt, ctx, "a remarcação");
      const updated = await ctx.tools.updateAppointment(ctx.toolUseId, {
        ...editableFieldsOf(a),
        scheduledAt: raw.scheduledAt,
        professionalId: raw.professionalId ?? a.professionalId,
        establishmentId: raw.establishmentId ?? a.establishmentId,
        status: "SCHEDULED",
      });
      ctx.appointments.set(updated.id, updated);
      return {
        content: json(appointmentForModel(updated)),
        events: [
          ...identified(ctx, a.clientId),
          {
            type: "action",
            actionType: "APPOINTMENT_RESCHEDULED",
            details: { appointmentId: a.id, from: a.scheduledAt, scheduledAt: updated.scheduledAt },
          },
          { type: "data", key: "Data e hora", value: shortWhen(updated.scheduledAt) },
        ],
        outcome: `Paciente ${clientName(ctx, a.clientId)} remarcou ${serviceNames(a)} de ${shortWhen(a.scheduledAt)} para ${shortWhen(updated.scheduledAt)}.`,
      };
    },
  }),
  tool({
    name: "cancel_appointment",
    description:
      "Cancela um agendamento. Só depois de dizer ao cliente qual (dia e horário) e ele dizer sim.",
    schema: z.object({ appointmentId: uuid }),
    async run(input, _raw, ctx) {
      const a = ctx.appointments.get(input.appointmentId);
      if (!a) return unknownAppointment();
      const at = new Date(a.scheduledAt);
      if (!ctx.confirmed(at)) return notConfirmed(at, ctx, "o cancelamento");
      const updated = await ctx.tools.updateAppointment(ctx.toolUseId, {
        ...editableFieldsOf(a),
        status: "CANCELED",
      });
      ctx.appointments.set(updated.id, updated);
      return {
        content: json(appointmentForModel(updated)),
        events: [
          ...identified(ctx, a.clientId),
          { type: "action", actionType: "APPOINTMENT_CANCELLED", details: { appointmentId: a.id } },
        ],
        outcome: `Paciente ${clientName(ctx, a.clientId)} cancelou ${serviceNames(a)} de ${shortWhen(a.scheduledAt)}.`,
      };
    },
  }),
  tool({
    name: "confirm_appointment",
    description:
      "Confirma a presença do paciente num agendamento. Só depois de dizer qual (dia e horário) e ele dizer sim.",
    schema: z.object({ appointmentId: uuid }),
    async run(input, _raw, ctx) {
      const a = ctx.appointments.get(input.appointmentId);
      if (!a) return unknownAppointment();
      const at = new Date(a.scheduledAt);
      if (!ctx.confirmed(at)) return notConfirmed(at, ctx, "a presença");
      const updated = await ctx.tools.confirmAppointment(ctx.toolUseId, a.id);
      ctx.appointments.set(updated.id, updated);
      return {
        content: json(appointmentForModel(updated)),
        events: [
          ...identified(ctx, a.clientId),
          { type: "action", actionType: "APPOINTMENT_CONFIRMED", details: { appointmentId: a.id } },
        ],
        outcome: `Paciente ${clientName(ctx, a.clientId)} confirmou ${serviceNames(a)} de ${shortWhen(a.scheduledAt)}.`,
      };
    },
  }),
  tool({
    name: "transfer_call",
    description: "Transfere a ligação para um atendente humano. Avise o cliente antes.",
    schema: z.object({}),
    async run(_input, _raw, ctx) {
      const to = ctx.knowledge.agent.forwardingPhone;
      if (!to) return { content: "Não há telefone de transferência configurado.", isError: true };
      return {
        content: "Transferida.",
        ends: true,
        events: [
          { type: "action", actionType: "CALL_TRANSFERRED", details: { to } },
          { type: "transfer", to },
        ],
        outcome: `Chamada transferida para ${to}.`,
      };
    },
  }),
  tool({
    name: "end_call",
    description: "Encerra a ligação depois de se despedir do cliente.",
    schema: z.object({}),
    async run() {
      return {
        content: "Encerrada.",
        ends: true,
        events: [{ type: "action", actionType: "CALL_ENDED" }, { type: "end" }],
      };
    },
  }),
];

/** Whether the model's tool of this name only reads (an unknown name acts: it is not run speculatively). */
export function readsOnly(name: string, list: readonly ToolDef[] = TOOLS): boolean {
  return list.find((t) => t.name === name)?.readOnly ?? false;
}

/** The tools as the request sends them: the last one carries the cache breakpoint (tools come first in the cache). */
export function toolDefinitions(list: readonly ToolDef[] = TOOLS): Tool[] {
  return list.map((t, i) =>
    i === list.length - 1 ? { ...t.definition, cache_control: { type: "ephemeral" } } : t.definition,
  );
}
