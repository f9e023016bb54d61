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
import { resolveWhen } from "../datetime";
import { shortWhen, whenWords } from "../speak";
import type { AgentEvent, AgentKnowledge, AgentTools } from "../types";
import { declines, namesThis, saysValue } from "./readback";

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
  /** Whether the caller's latest utterance is an unambiguous yes (decision 0039), to whatever was asked. */
  agreed(): boolean;
  /** The agent's previous turn as the caller heard it: the read-back a yes answers. */
  previousTurn: string;
  /** The caller's words this turn (null for a key press or a silence). */
  callerText: string | null;
  /** Everything the caller said this call, this turn included: what a new client's data must come from. */
  callerWords: string[];
  callerNumber: string | null;
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

/** The read-back did not name the change itself (issue #27: a yes is to the read-back of that exact change). */
function notReadBack(what: string): ToolOutcome {
  return {
    isError: true,
    content:
      `Não executado: a leitura para o cliente não disse ${what}. Leia a mudança inteira (serviço, profissional, ` +
      "dia e horário, ou o dado novo do cadastro) e pergunte se pode confirmar; chame esta ferramenta só depois do sim.",
  };
}

/** The services and professional of a booking or move named by the read-back, none mistaken for another. */
function readBackNames(
  ctx: ToolContext,
  serviceIds: string[],
  professionalId: string | undefined,
): ToolOutcome | null {
  const k = ctx.knowledge;
  const serviceNamesAll = k.services.map((s) => s.name);
  for (const id of serviceIds) {
    const service = k.services.find((s) => s.id === id);
    if (service && !namesThis(ctx.previousTurn, service.name, serviceNamesAll, true))
      return notReadBack(`o serviço (${service.name})`);
  }
  const professional = k.professionals.find((p) => p.id === professionalId);
  if (
    professional &&
    !namesThis(
      ctx.previousTurn,
      professional.name,
      k.professionals.map((p) => p.name),
      false,
    )
  )
    return notReadBack(`o profissional (${professional.name})`);
  return null;
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

/** The client a write was for, identified for the record (the conversation's client and its 'Nome'). */
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
    async run(input, raw, ctx) {
      // A client is registered with what the caller said, never a name or number the model made up or misheard
      // from another phrase ('amanhã às dez' is no name).
      const heard = ctx.callerWords.join(" ");
      if (resolveWhen(input.fullName, ctx.now))
        return {
          isError: true,
          content: `Não cadastrado: '${input.fullName}' é uma data ou um horário, não é um nome. Pergunte o nome completo.`,
        };
      if (!saysValue(heard, input.fullName))
        return {
          isError: true,
          content: `Não cadastrado: o cliente não disse o nome '${input.fullName}'. Pergunte o nome completo dele.`,
        };
      const own = ctx.callerNumber !== null && saysValue(ctx.callerNumber, input.phoneNumber);
      if (!own && !saysValue(heard, input.phoneNumber))
        return {
          isError: true,
          content:
            "Não cadastrado: o telefone não é o da ligação nem um que o cliente ditou. Pergunte se pode ser o número de onde ele liga.",
        };
      if (input.documentNumber && !saysValue(heard, input.documentNumber))
        return {
          isError: true,
          content: "Não cadastrado: o cliente não ditou esse CPF. Cadastre sem CPF ou peça que ele dite.",
        };
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
    async run(input, raw, ctx) {
      const was = ctx.clients.get(input.id);
      if (!was)
        return {
          isError: true,
          content:
            "Paciente não encontrado nesta chamada: use search_patients ou find_patient_by_phone antes.",
        };
      // The same gate as an appointment's (decision 0039): a yes to the read-back of each changed field.
      const changed = (
        [
          ["o nome", was.fullName, input.fullName],
          ["o telefone", was.phoneNumber, input.phoneNumber],
          ["o CPF", was.documentNumber, input.documentNumber],
          ["o convênio", was.healthInsuranceProvider, input.healthInsuranceProvider],
          ["o número do convênio", was.healthInsuranceNumber, input.healthInsuranceNumber],
          ["o e-mail", was.email, input.email],
          ["as observações", was.observations, input.observations],
        ] as const
      ).filter(([, before, after]) => (before ?? "") !== (after ?? ""));
      if (!ctx.agreed())
        return {
          isError: true,
          content:
            "Não executado: o cliente ainda não confirmou a alteração do cadastro. Leia para ele o dado novo e pergunte se pode atualizar; chame esta ferramenta só depois que ele disser sim.",
        };
      for (const [label, , after] of changed) {
        // A removed field, an e-mail or free text is read back as the model words it; names and numbers literally.
        if (!after || label === "o e-mail" || label === "as observações") continue;
        if (!saysValue(ctx.previousTurn, after)) return notReadBack(`${label} novo (${after})`);
      }
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
      const unnamed = readBackNames(ctx, input.offeredServices, input.professionalId);
      if (unnamed) return unnamed;
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
      // The read-back of a move names no other service than the appointment's ('não, a outra': the other one is
      // read back before it moves), and a move to another professional names them.
      const all = ctx.knowledge.services.map((s) => s.name);
      const other = a.offeredServices.find(
        (s) => !namesThis(ctx.previousTurn, s.offeredServiceName, all, false),
      );
      if (other) return notReadBack(`o agendamento que muda (${serviceNames(a)})`);
      const unnamed = input.professionalId ? readBackNames(ctx, [], input.professionalId) : null;
      if (unnamed) return unnamed;
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
    description:
      "Transfere a ligação para um atendente humano, quando o cliente pede ou aceita. Avise o cliente antes.",
    schema: z.object({}),
    async run(_input, _raw, ctx) {
      const to = ctx.knowledge.agent.forwardingPhone;
      if (!to) return { content: "Não há telefone de transferência configurado.", isError: true };
      // 'Não precisa, obrigada, eu ligo depois' to an offered transfer is no (decision 0039).
      if (ctx.callerText !== null && declines(ctx.callerText))
        return {
          isError: true,
          content:
            "Não transferido: o cliente recusou ou se despediu. Não transfira; responda ao que ele disse ou despeça-se.",
        };
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
