// Test helpers for the catalogue tests: valid inputs, appointments and availabilities written straight through the
// schema (the appointment and availability procedures belong to other modules), and the shape of a refusal.
import { type Database, schema } from "@atende/db";
import type { AppointmentStatus } from "@atende/shared/enums";
import { TRPCError } from "@trpc/server";
import type { Issue } from "../errors";
import { issuesOf } from "../errors";

export const validEstablishment = {
  name: "Clínica Centro",
  address: "Rua das Flores, 123 - Centro, São Paulo",
} as const;

export const validProfessional = { name: "Dra. Ana Souza", specialty: "Dermatologia" } as const;

export const validClient = { fullName: "Maria da Silva", phoneNumber: "(11) 98765-4321" } as const;

export const validVoiceAgent = {
  name: "Sofia",
  welcomeMessage: "Olá! Aqui é a Sofia, da Clínica Centro. Como posso ajudar?",
} as const;

export interface Refusal {
  code: TRPCError["code"];
  message: string;
  issues: Issue[];
}

/** The refusal a procedure call ends in (fails the test if it succeeded). */
export async function refusalOf(call: Promise<unknown>): Promise<Refusal> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const issues = issuesOf(error.cause) ?? [];
    return { code: error.code, message: issues[0]?.message ?? error.message, issues };
  }
  throw new Error("expected the call to be refused, but it succeeded");
}

export interface AppointmentSeed {
  clientId: string;
  professionalId: string;
  establishmentId: string;
  scheduledAt: Date;
  status?: AppointmentStatus;
  services: readonly { id: string; name: string; duration: number }[];
}

/** An appointment with its service snapshot, inserted with the system access (outside row-level security). */
export async function insertAppointment(db: Database, tenantId: string, seed: AppointmentSeed) {
  const total = seed.services.reduce((sum, s) => sum + s.duration, 0);
  const [row] = await db
    .insert(schema.appointments)
    .values({
      tenantId,
      clientId: seed.clientId,
      professionalId: seed.professionalId,
      establishmentId: seed.establishmentId,
      scheduledAt: seed.scheduledAt,
      endsAt: new Date(seed.scheduledAt.getTime() + total * 60_000),
      status: seed.status ?? "SCHEDULED",
    })
    .returning();
  if (!row) throw new Error("appointment insert returned nothing");
  await db.insert(schema.appointmentServices).values(
    seed.services.map((s, position) => ({
      tenantId,
      appointmentId: row.id,
      position,
      offeredServiceId: s.id,
      offeredServiceName: s.name,
      duration: s.duration,
      bufferDurationBefore: 0,
      bufferDurationAfter: 0,
    })),
  );
  return row;
}
