import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import { AVAILABILITY_MESSAGES, type AvailabilityInput } from "@atende/shared/schemas/availabilities";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { issuesOf } from "../errors";
import { createTestApi, type SeededTenant, type TestApi } from "../testing";
import { hasAnyAvailability, loadOccurrences } from "./availability";

let t: TestApi;
let a: SeededTenant;
let b: SeededTenant;
let profA: string;
let profA2: string;
let estA: string;
let estA2: string;
let profB: string;
let estB: string;

async function seedProfessional(tenantId: string, name: string): Promise<string> {
  const [row] = await t.database.db
    .insert(schema.professionals)
    .values({ tenantId, name, specialty: "Clínico geral" })
    .returning();
  if (!row) throw new Error("no professional");
  return row.id;
}

async function seedEstablishment(tenantId: string, name: string): Promise<string> {
  const [row] = await t.database.db
    .insert(schema.establishments)
    .values({ tenantId, name, address: "Rua das Flores, 123 - Centro" })
    .returning();
  if (!row) throw new Error("no establishment");
  return row.id;
}

beforeAll(async () => {
  t = await createTestApi();
  a = await t.seedTenant();
  b = await t.seedTenant();
  profA = await seedProfessional(a.tenantId, "Dra. Ana");
  profA2 = await seedProfessional(a.tenantId, "Dr. Bruno");
  estA = await seedEstablishment(a.tenantId, "Clínica Centro");
  estA2 = await seedEstablishment(a.tenantId, "Clínica Norte");
  profB = await seedProfessional(b.tenantId, "Dra. Carla");
  estB = await seedEstablishment(b.tenantId, "Outra Clínica");
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  t.setNow(undefined);
  await t.database.db.delete(schema.availabilities);
});

/** Mondays of March 2025: 3, 10, 17, 24, 31. */
const weeklyMondays = (over: Partial<AvailabilityInput> = {}): AvailabilityInput => ({
  professionalId: profA,
  establishmentId: estA,
  slot: { start: "2025-03-03T08:00:00-03:00", end: "2025-03-03T12:00:00-03:00" },
  pattern: { type: "WEEKLY", daysOfWeek: ["MONDAY"], period: { start: "2025-03-03", end: "2025-03-31" } },
  exceptions: [],
  notes: "Manhãs",
  ...over,
});

const manualDates = (over: Partial<AvailabilityInput> = {}): AvailabilityInput => ({
  professionalId: profA,
  establishmentId: estA,
  slot: { start: "2025-05-02T14:00:00-03:00", end: "2025-05-02T18:00:00-03:00" },
  pattern: { type: "MANUAL_DATES", dates: ["2025-05-02", "2025-05-09", "2025-05-16", "2025-05-23"] },
  exceptions: [],
  notes: null,
  ...over,
});

interface Failure {
  code: string;
  message: string;
  issues: { path: string; message: string }[];
}

async function failure(promise: Promise<unknown>): Promise<Failure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) {
      return { code: error.code, message: error.message, issues: issuesOf(error.cause) ?? [] };
    }
    throw error;
  }
  throw new Error("expected the call to fail");
}

/** The call is refused with `message` on `path`, and the stored availabilities are what they were. */
async function expectRefused(call: () => Promise<unknown>, path: string, message: string) {
  const before = await a.api.availabilities.list({});
  const result = await failure(call());
  expect(result.code).toBe("BAD_REQUEST");
  expect(result.issues).toContainEqual({ path, message });
  expect(await a.api.availabilities.list({})).toEqual(before);
}

const occurrences = (range: { startDate: string; endDate: string }, api = a.api) =>
  api.availabilities
    .expanded(range)
    .then((list) => list.map((o) => `${o.date} ${o.slot.start.slice(11, 16)}`));

describe("availabilities.create", () => {
  it("stores the availability and answers it with wire times on the pattern's first date", async () => {
    const created = await a.api.availabilities.create(
      weeklyMondays({
        pattern: {
          type: "WEEKLY",
          daysOfWeek: ["FRIDAY", "MONDAY", "MONDAY"],
          period: { start: "2025-03-01", end: "2025-03-31" },
        },
      }),
    );
    expect(created).toMatchObject({
      tenantId: a.tenantId,
      professionalId: profA,
      establishmentId: estA,
      pattern: {
        type: "WEEKLY",
        daysOfWeek: ["MONDAY", "FRIDAY"],
        period: { start: "2025-03-01", end: "2025-03-31" },
      },
      slot: { start: "2025-03-01T08:00:00-03:00", end: "2025-03-01T12:00:00-03:00" },
      notes: "Manhãs",
      exceptions: [],
    });
    expect(created.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/);
    expect(await a.api.availabilities.list({})).toEqual([created]);
  });

  it("accepts HH:mm, HH:mm:ss-03:00 and other offsets, keeping the São Paulo time of day", async () => {
    // A different minute each (identical windows are refused), each read from its own form.
    const cases: [string, string, string][] = [
      ["09:30", "10:45", "09:30"],
      ["09:31:00-03:00", "10:45:00-03:00", "09:31"],
      ["2025-05-02T12:32:00Z", "2025-05-02T13:45:00Z", "09:32"],
      ["2025-05-02T09:33:59-03:00", "2025-05-02T10:45:00-03:00", "09:33"],
    ];
    for (const [start, end, expected] of cases) {
      const created = await a.api.availabilities.create(manualDates({ slot: { start, end } }));
      expect(created.slot).toEqual({
        start: `2025-05-02T${expected}:00-03:00`,
        end: "2025-05-02T10:45:00-03:00",
      });
    }
  });

  it("refuses an identical availability with 409, whatever the order of its days; a different one goes", async () => {
    const first = await a.api.availabilities.create(
      weeklyMondays({
        pattern: {
          type: "WEEKLY",
          daysOfWeek: ["MONDAY", "FRIDAY"],
          period: { start: "2025-03-03", end: "2025-03-31" },
        },
      }),
    );
    const twin = weeklyMondays({
      slot: { start: "08:00", end: "12:00" },
      pattern: {
        type: "WEEKLY",
        daysOfWeek: ["FRIDAY", "MONDAY"],
        period: { start: "2025-03-03", end: "2025-03-31" },
      },
      notes: "Outra nota",
    });
    expect(await failure(a.api.availabilities.create(twin))).toEqual({
      code: "CONFLICT",
      message: AVAILABILITY_MESSAGES.duplicate,
      issues: [],
    });
    const manual = manualDates();
    await a.api.availabilities.create(manual);
    expect(await failure(a.api.availabilities.create(manual))).toMatchObject({ code: "CONFLICT" });
    expect((await a.api.availabilities.list({})).map((x) => x.id)).toHaveLength(2);
    expect((await a.api.availabilities.list({}))[0]).toEqual(first);
    // Any one difference makes another window: the place, the professional, a day, the period, a time.
    await a.api.availabilities.create({ ...twin, establishmentId: estA2 });
    await a.api.availabilities.create({ ...twin, professionalId: profA2 });
    await a.api.availabilities.create({
      ...twin,
      pattern: { type: "WEEKLY", daysOfWeek: ["MONDAY"], period: { start: "2025-03-03", end: "2025-03-31" } },
    });
    await a.api.availabilities.create({
      ...twin,
      pattern: {
        type: "WEEKLY",
        daysOfWeek: ["MONDAY", "FRIDAY"],
        period: { start: "2025-03-03", end: "2025-04-30" },
      },
    });
    await a.api.availabilities.create({ ...twin, slot: { start: "08:00", end: "12:30" } });
    expect(await a.api.availabilities.list({})).toHaveLength(7);
  });

  it("stores MONTHLY and MANUAL_DATES patterns, normalised", async () => {
    const monthly = await a.api.availabilities.create(
      weeklyMondays({
        pattern: {
          type: "MONTHLY",
          daysOfMonth: [31, 1, 15, 1],
          period: { start: "2025-01-01", end: "2025-12-31" },
        },
      }),
    );
    expect(monthly.pattern).toEqual({
      type: "MONTHLY",
      daysOfMonth: [1, 15, 31],
      period: { start: "2025-01-01", end: "2025-12-31" },
    });
    const manual = await a.api.availabilities.create(
      manualDates({ pattern: { type: "MANUAL_DATES", dates: ["2025-05-09", "2025-05-02", "2025-05-09"] } }),
    );
    expect(manual.pattern).toEqual({ type: "MANUAL_DATES", dates: ["2025-05-02", "2025-05-09"] });
    expect(manual.slot.start).toBe("2025-05-02T14:00:00-03:00");
  });

  it("ignores a tenantId in the payload", async () => {
    const created = await a.api.availabilities.create({
      ...weeklyMondays(),
      tenantId: b.tenantId,
    } as AvailabilityInput);
    expect(created.tenantId).toBe(a.tenantId);
    expect(await b.api.availabilities.list({})).toEqual([]);
  });

  it("stores per-date changes sent with the payload, for dates of the pattern only", async () => {
    const created = await a.api.availabilities.create(
      weeklyMondays({
        exceptions: [
          { date: "2025-03-10", cancelled: true },
          { date: "2025-03-17", slot: { start: "13:00", end: "15:00" }, notes: "Tarde" },
          { date: "2025-03-18", cancelled: true },
        ],
      }),
    );
    expect(created.exceptions).toEqual([
      { date: "2025-03-10", cancelled: true, slot: null, notes: null },
      {
        date: "2025-03-17",
        cancelled: false,
        slot: { start: "2025-03-17T13:00:00-03:00", end: "2025-03-17T15:00:00-03:00" },
        notes: "Tarde",
      },
    ]);
    expect(await occurrences({ startDate: "2025-03-01", endDate: "2025-03-31" })).toEqual([
      "2025-03-03 08:00",
      "2025-03-17 13:00",
      "2025-03-24 08:00",
      "2025-03-31 08:00",
    ]);
  });
});

describe("availability form messages (spec 001 §5), nothing stored", () => {
  beforeEach(async () => {
    await a.api.availabilities.create(weeklyMondays());
  });

  const create = (payload: unknown) => () => a.api.availabilities.create(payload as AvailabilityInput);
  const without = (key: keyof AvailabilityInput) => {
    const payload: Record<string, unknown> = { ...weeklyMondays() };
    delete payload[key];
    return payload;
  };

  it("requires the professional and the establishment", async () => {
    await expectRefused(
      create(without("professionalId")),
      "professionalId",
      "ID do profissional é obrigatório",
    );
    await expectRefused(
      create({ ...weeklyMondays(), professionalId: null }),
      "professionalId",
      "ID do profissional é obrigatório",
    );
    await expectRefused(
      create({ ...weeklyMondays(), professionalId: "" }),
      "professionalId",
      "ID do profissional é obrigatório",
    );
    await expectRefused(
      create(without("establishmentId")),
      "establishmentId",
      "ID do estabelecimento é obrigatório",
    );
    await expectRefused(
      create({ ...weeklyMondays(), establishmentId: null }),
      "establishmentId",
      "ID do estabelecimento é obrigatório",
    );
  });

  it("refuses a professional or establishment that is not this tenant's, or deleted", async () => {
    await expectRefused(
      create(weeklyMondays({ professionalId: profB })),
      "professionalId",
      "Profissional não encontrado",
    );
    await expectRefused(
      create(weeklyMondays({ establishmentId: estB })),
      "establishmentId",
      "Local não encontrado",
    );
    await expectRefused(
      create(weeklyMondays({ professionalId: "00000000-0000-4000-8000-000000000000" })),
      "professionalId",
      "Profissional não encontrado",
    );
    const gone = await seedProfessional(a.tenantId, "Dr. Removido");
    await t.database.db
      .update(schema.professionals)
      .set({ deletedAt: new Date() })
      .where(eq(schema.professionals.id, gone));
    await expectRefused(
      create(weeklyMondays({ professionalId: gone })),
      "professionalId",
      "Profissional não encontrado",
    );
  });

  it("requires both times, well formed, start before end", async () => {
    const slot = (start: unknown, end: unknown) => create({ ...weeklyMondays(), slot: { start, end } });
    await expectRefused(slot("25:00", "26:00"), "slot.start", "Formato de horário inválido");
    await expectRefused(slot("08:00", "8h"), "slot.end", "Formato de horário inválido");
    await expectRefused(slot("2025-03-03T08:00:00", "09:00"), "slot.start", "Formato de horário inválido");
    await expectRefused(slot("12:60", "13:00"), "slot.start", "Formato de horário inválido");
    await expectRefused(slot(800, "13:00"), "slot.start", "Formato de horário inválido");
    await expectRefused(slot(undefined, "12:00"), "slot.start", "Horário de início é obrigatório");
    await expectRefused(slot("", "12:00"), "slot.start", "Horário de início é obrigatório");
    await expectRefused(slot("08:00", null), "slot.end", "Horário de fim é obrigatório");
    await expectRefused(create(without("slot")), "slot.start", "Horário de início é obrigatório");
    await expectRefused(create(without("slot")), "slot.end", "Horário de fim é obrigatório");
    await expectRefused(
      slot("12:00", "08:00"),
      "slot.start",
      "Horário de início deve ser antes do horário de fim",
    );
    await expectRefused(
      slot("12:00", "12:00"),
      "slot.start",
      "Horário de início deve ser antes do horário de fim",
    );
  });

  it("requires a pattern of a known type", async () => {
    await expectRefused(create(without("pattern")), "pattern", "Padrão de recorrência é obrigatório");
    await expectRefused(
      create({ ...weeklyMondays(), pattern: { type: "DAILY" } }),
      "pattern.type",
      "Tipo de padrão inválido (use WEEKLY, MONTHLY ou MANUAL_DATES)",
    );
  });

  it("WEEKLY needs a weekday", async () => {
    const period = { start: "2025-03-01", end: "2025-03-31" };
    const msg = "Pelo menos um dia da semana deve ser especificado";
    await expectRefused(
      create({ ...weeklyMondays(), pattern: { type: "WEEKLY", daysOfWeek: [], period } }),
      "pattern.daysOfWeek",
      msg,
    );
    await expectRefused(
      create({ ...weeklyMondays(), pattern: { type: "WEEKLY", period } }),
      "pattern.daysOfWeek",
      msg,
    );
    await expectRefused(
      create({ ...weeklyMondays(), pattern: { type: "WEEKLY", daysOfWeek: ["SEGUNDA"], period } }),
      "pattern.daysOfWeek.0",
      "Dia da semana inválido (use MONDAY a SUNDAY)",
    );
  });

  it("MONTHLY needs days of month from 1 to 31", async () => {
    const monthly = (daysOfMonth: unknown) =>
      create({
        ...weeklyMondays(),
        pattern: { type: "MONTHLY", daysOfMonth, period: { start: "2025-01-01", end: "2025-12-31" } },
      });
    await expectRefused(monthly([0]), "pattern.daysOfMonth.0", "Dia do mês deve ser >= 1");
    await expectRefused(monthly([5, 32]), "pattern.daysOfMonth.1", "Dia do mês deve ser <= 31");
    await expectRefused(monthly([]), "pattern.daysOfMonth", "Pelo menos um dia do mês deve ser especificado");
    await expectRefused(
      monthly(undefined),
      "pattern.daysOfMonth",
      "Pelo menos um dia do mês deve ser especificado",
    );
    await expectRefused(monthly([1.5]), "pattern.daysOfMonth.0", "Dia do mês deve ser um número inteiro");
  });

  it("MANUAL_DATES needs a date", async () => {
    const msg = "Pelo menos uma data deve ser especificada para padrão manual";
    await expectRefused(
      create({ ...manualDates(), pattern: { type: "MANUAL_DATES", dates: [] } }),
      "pattern.dates",
      msg,
    );
    await expectRefused(
      create({ ...manualDates(), pattern: { type: "MANUAL_DATES" } }),
      "pattern.dates",
      msg,
    );
    await expectRefused(
      create({ ...manualDates(), pattern: { type: "MANUAL_DATES", dates: ["2025-02-30"] } }),
      "pattern.dates.0",
      "Data inválida",
    );
  });

  it("WEEKLY and MONTHLY need both period dates, end on or after start", async () => {
    const weekly = (period: unknown) =>
      create({ ...weeklyMondays(), pattern: { type: "WEEKLY", daysOfWeek: ["MONDAY"], period } });
    await expectRefused(weekly(undefined), "pattern.period.start", "Data de início é obrigatória");
    await expectRefused(weekly(undefined), "pattern.period.end", "Data de fim é obrigatória");
    await expectRefused(weekly({ start: "2025-03-01" }), "pattern.period.end", "Data de fim é obrigatória");
    await expectRefused(
      weekly({ start: "01/03/2025", end: "2025-03-31" }),
      "pattern.period.start",
      "Data de início inválida",
    );
    await expectRefused(
      weekly({ start: "2025-03-31", end: "2025-03-30" }),
      "pattern.period.end",
      "Data de fim deve ser igual ou posterior à data de início",
    );
    await expectRefused(
      create({
        ...weeklyMondays(),
        pattern: { type: "MONTHLY", daysOfMonth: [1], period: { start: "2025-03-31", end: "2025-01-01" } },
      }),
      "pattern.period.end",
      "Data de fim deve ser igual ou posterior à data de início",
    );
    // One day is a valid period.
    await a.api.availabilities.create(
      weeklyMondays({
        pattern: {
          type: "WEEKLY",
          daysOfWeek: ["MONDAY"],
          period: { start: "2025-03-03", end: "2025-03-03" },
        },
      }),
    );
  });

  it("caps the period at two years and manual dates at 366, so an expansion cannot explode", async () => {
    await expectRefused(
      weeklyMondaysWithPeriod("2025-01-01", "2027-01-03"),
      "pattern.period.end",
      "O período deve ter no máximo 2 anos",
    );
    const dates = Array.from({ length: 367 }, (_, i) =>
      new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10),
    );
    await expectRefused(
      create({ ...manualDates(), pattern: { type: "MANUAL_DATES", dates } }),
      "pattern.dates",
      "No máximo 366 datas podem ser especificadas",
    );
    await a.api.availabilities.create(
      weeklyMondays({
        pattern: {
          type: "WEEKLY",
          daysOfWeek: ["MONDAY"],
          period: { start: "2025-01-01", end: "2027-01-01" },
        },
      }),
    );
  });

  function weeklyMondaysWithPeriod(start: string, end: string) {
    return create({
      ...weeklyMondays(),
      pattern: { type: "WEEKLY", daysOfWeek: ["MONDAY"], period: { start, end } },
    });
  }

  it("notes: at most 1000 characters and not blank", async () => {
    await expectRefused(
      create(weeklyMondays({ notes: "x".repeat(1001) })),
      "notes",
      "Notas devem ter no máximo 1000 caracteres",
    );
    await expectRefused(create(weeklyMondays({ notes: "   " })), "notes", "Notas não podem estar em branco");
    const created = await a.api.availabilities.create(
      weeklyMondays({ notes: "x".repeat(1000), slot: { start: "07:00", end: "12:00" } }),
    );
    expect(created.notes).toHaveLength(1000);
    // The morning window is already stored (beforeEach): an afternoon one, without notes.
    const bare = await a.api.availabilities.create({
      ...(without("notes") as AvailabilityInput),
      slot: { start: "13:00", end: "17:00" },
    });
    expect(bare.notes).toBeNull();
  });

  it("reports every problem at once, the first as the message", async () => {
    const result = await failure(create({ slot: { start: "x" } })());
    expect(result.issues.map((i) => i.path)).toEqual([
      "professionalId",
      "establishmentId",
      "slot.start",
      "slot.end",
      "pattern",
    ]);
  });
});

describe("availabilities.expanded", () => {
  it("defaults to the current São Paulo month", async () => {
    await a.api.availabilities.create(
      weeklyMondays({
        pattern: {
          type: "WEEKLY",
          daysOfWeek: ["MONDAY"],
          period: { start: "2025-01-01", end: "2025-12-31" },
        },
      }),
    );
    // 01:00 UTC on March 1st is still February 28th in São Paulo.
    t.setNow(new Date("2025-03-01T01:00:00Z"));
    expect((await a.api.availabilities.expanded({})).map((o) => o.date)).toEqual([
      "2025-02-03",
      "2025-02-10",
      "2025-02-17",
      "2025-02-24",
    ]);
    t.setNow(new Date("2025-03-01T03:00:00Z"));
    expect((await a.api.availabilities.expanded({})).map((o) => o.date)).toEqual([
      "2025-03-03",
      "2025-03-10",
      "2025-03-17",
      "2025-03-24",
      "2025-03-31",
    ]);
  });

  it("answers occurrences with the availability's id and full wire times, sorted", async () => {
    const w = await a.api.availabilities.create(weeklyMondays());
    const m = await a.api.availabilities.create(
      manualDates({
        pattern: { type: "MANUAL_DATES", dates: ["2025-03-10"] },
        slot: { start: "07:00", end: "07:30" },
        professionalId: profA2,
        establishmentId: estA2,
      }),
    );
    const list = await a.api.availabilities.expanded({ startDate: "2025-03-10", endDate: "2025-03-17" });
    expect(list).toEqual([
      {
        id: m.id,
        professionalId: profA2,
        establishmentId: estA2,
        date: "2025-03-10",
        slot: { start: "2025-03-10T07:00:00-03:00", end: "2025-03-10T07:30:00-03:00" },
        notes: null,
        patternType: "MANUAL_DATES",
      },
      {
        id: w.id,
        professionalId: profA,
        establishmentId: estA,
        date: "2025-03-10",
        slot: { start: "2025-03-10T08:00:00-03:00", end: "2025-03-10T12:00:00-03:00" },
        notes: "Manhãs",
        patternType: "WEEKLY",
      },
      {
        id: w.id,
        professionalId: profA,
        establishmentId: estA,
        date: "2025-03-17",
        slot: { start: "2025-03-17T08:00:00-03:00", end: "2025-03-17T12:00:00-03:00" },
        notes: "Manhãs",
        patternType: "WEEKLY",
      },
    ]);
    const range = { startDate: "2025-03-01", endDate: "2025-03-31" };
    expect(await a.api.availabilities.expanded({ ...range, professionalId: profA2 })).toHaveLength(1);
    expect(await a.api.availabilities.expanded({ ...range, establishmentId: estA })).toHaveLength(5);
    expect(
      await a.api.availabilities.expanded({ ...range, professionalId: profA2, establishmentId: estA }),
    ).toEqual([]);
  });

  it("includes both ends of the range, across month ends", async () => {
    await a.api.availabilities.create(weeklyMondays());
    expect(await occurrences({ startDate: "2025-03-31", endDate: "2025-04-30" })).toEqual([
      "2025-03-31 08:00",
    ]);
    expect(await occurrences({ startDate: "2025-02-25", endDate: "2025-03-03" })).toEqual([
      "2025-03-03 08:00",
    ]);
  });

  it("MONTHLY day 31: January and March, not February nor April", async () => {
    await a.api.availabilities.create(
      weeklyMondays({
        pattern: { type: "MONTHLY", daysOfMonth: [31], period: { start: "2025-01-01", end: "2025-12-31" } },
      }),
    );
    expect(await occurrences({ startDate: "2025-01-01", endDate: "2025-04-30" })).toEqual([
      "2025-01-31 08:00",
      "2025-03-31 08:00",
    ]);
  });

  it("WEEKLY Sunday and Monday land on the right dates", async () => {
    await a.api.availabilities.create(
      weeklyMondays({
        pattern: {
          type: "WEEKLY",
          daysOfWeek: ["SUNDAY", "MONDAY"],
          period: { start: "2025-06-01", end: "2025-06-09" },
        },
      }),
    );
    // 2025-06-01 and 06-08 are Sundays.
    expect(
      (await a.api.availabilities.expanded({ startDate: "2025-06-01", endDate: "2025-06-30" })).map(
        (o) => o.date,
      ),
    ).toEqual(["2025-06-01", "2025-06-02", "2025-06-08", "2025-06-09"]);
  });

  it("takes a missing end or start from the given date's month", async () => {
    await a.api.availabilities.create(weeklyMondays());
    expect(
      await a.api.availabilities.expanded({ startDate: "2025-03-20" }).then((l) => l.map((o) => o.date)),
    ).toEqual(["2025-03-24", "2025-03-31"]);
    expect(
      await a.api.availabilities.expanded({ endDate: "2025-03-05" }).then((l) => l.map((o) => o.date)),
    ).toEqual(["2025-03-03"]);
  });

  it("refuses a reversed, too long or malformed range", async () => {
    const refused = async (input: Record<string, string>, path: string, message: string) => {
      const result = await failure(a.api.availabilities.expanded(input));
      expect(result.code).toBe("BAD_REQUEST");
      expect(result.issues).toContainEqual({ path, message });
    };
    await refused(
      { startDate: "2025-03-10", endDate: "2025-03-09" },
      "endDate",
      "Data de fim deve ser igual ou posterior à data de início",
    );
    await refused(
      { startDate: "2025-01-01", endDate: "2026-02-05" },
      "endDate",
      "O intervalo deve ter no máximo 400 dias",
    );
    await refused({ startDate: "2025-13-01" }, "startDate", "Data de início inválida");
    await refused({ professionalId: "abc" }, "professionalId", "ID do profissional inválido");
    expect(await a.api.availabilities.expanded({ startDate: "2025-01-01", endDate: "2026-02-04" })).toEqual(
      [],
    );
  });

  it("hides availabilities of a deleted professional or establishment", async () => {
    const gone = await seedEstablishment(a.tenantId, "Fechada");
    await a.api.availabilities.create(weeklyMondays({ establishmentId: gone }));
    expect(await occurrences({ startDate: "2025-03-01", endDate: "2025-03-31" })).toHaveLength(5);
    await t.database.db
      .update(schema.establishments)
      .set({ deletedAt: new Date() })
      .where(eq(schema.establishments.id, gone));
    expect(await occurrences({ startDate: "2025-03-01", endDate: "2025-03-31" })).toEqual([]);
    expect(await a.api.availabilities.list({})).toEqual([]);
  });
});

describe("availabilities.list", () => {
  it("filters by professional and establishment", async () => {
    const one = await a.api.availabilities.create(weeklyMondays());
    const two = await a.api.availabilities.create(
      manualDates({ professionalId: profA2, establishmentId: estA2 }),
    );
    expect(await a.api.availabilities.list({})).toEqual([one, two]);
    expect(await a.api.availabilities.list({ professionalId: profA2 })).toEqual([two]);
    expect(await a.api.availabilities.list({ establishmentId: estA })).toEqual([one]);
    expect(await a.api.availabilities.list({ professionalId: profA, establishmentId: estA2 })).toEqual([]);
  });
});

describe("availabilities.update", () => {
  it("replaces the fields and keeps the exceptions of dates still in the pattern", async () => {
    const created = await a.api.availabilities.create(weeklyMondays());
    await a.api.availabilities.cancelOccurrence({
      id: created.id,
      occurrenceId: "2025-03-10",
      scope: "SINGLE",
    });
    await a.api.availabilities.cancelOccurrence({
      id: created.id,
      occurrenceId: "2025-03-31",
      scope: "SINGLE",
    });
    const updated = await a.api.availabilities.update({
      ...weeklyMondays({
        professionalId: profA2,
        establishmentId: estA2,
        slot: { start: "13:00", end: "17:00" },
        pattern: {
          type: "WEEKLY",
          daysOfWeek: ["MONDAY", "TUESDAY"],
          period: { start: "2025-03-01", end: "2025-03-20" },
        },
        notes: null,
      }),
      id: created.id,
    });
    expect(updated).toMatchObject({
      id: created.id,
      professionalId: profA2,
      establishmentId: estA2,
      slot: { start: "2025-03-01T13:00:00-03:00", end: "2025-03-01T17:00:00-03:00" },
      notes: null,
      exceptions: [{ date: "2025-03-10", cancelled: true, slot: null, notes: null }],
      createdAt: created.createdAt,
    });
    expect(await occurrences({ startDate: "2025-03-01", endDate: "2025-03-31" })).toEqual([
      "2025-03-03 13:00",
      "2025-03-04 13:00",
      "2025-03-11 13:00",
      "2025-03-17 13:00",
      "2025-03-18 13:00",
    ]);
  });

  it("refuses with 409 to make an availability identical to another, by update or by editing all its occurrences", async () => {
    const kept = await a.api.availabilities.create(weeklyMondays());
    const other = await a.api.availabilities.create(
      weeklyMondays({ slot: { start: "13:00", end: "17:00" } }),
    );
    const before = await a.api.availabilities.list({});
    expect(await failure(a.api.availabilities.update({ ...weeklyMondays(), id: other.id }))).toEqual({
      code: "CONFLICT",
      message: AVAILABILITY_MESSAGES.duplicate,
      issues: [],
    });
    const all = a.api.availabilities.editOccurrence({
      id: other.id,
      occurrenceId: "2025-03-10",
      slot: { start: "08:00", end: "12:00" },
      notes: null,
      scope: "ALL",
    });
    expect(await failure(all)).toMatchObject({ code: "CONFLICT", message: AVAILABILITY_MESSAGES.duplicate });
    expect(await a.api.availabilities.list({})).toEqual(before);
    // Sending an availability back unchanged is no duplicate of itself.
    expect(await a.api.availabilities.update({ ...weeklyMondays(), id: kept.id })).toMatchObject({
      id: kept.id,
    });
  });

  it("replaces the stored exceptions with a non-empty exceptions list (a GET record sent back round-trips)", async () => {
    const created = await a.api.availabilities.create(weeklyMondays());
    await a.api.availabilities.cancelOccurrence({
      id: created.id,
      occurrenceId: "2025-03-10",
      scope: "SINGLE",
    });
    const [stored] = await a.api.availabilities.list({});
    if (!stored) throw new Error("not stored");
    const roundTrip = await a.api.availabilities.update({ ...stored, pattern: weeklyMondays().pattern });
    expect(roundTrip).toEqual(stored);
    const replaced = await a.api.availabilities.update({
      ...weeklyMondays(),
      id: created.id,
      exceptions: [{ date: "2025-03-17", cancelled: true }],
    });
    expect(replaced.exceptions).toEqual([{ date: "2025-03-17", cancelled: true, slot: null, notes: null }]);
  });

  it("validates like create and refuses another tenant's id with 404, nothing changed", async () => {
    const created = await a.api.availabilities.create(weeklyMondays());
    await expectRefused(
      () =>
        a.api.availabilities.update({
          ...weeklyMondays({ slot: { start: "10:00", end: "09:00" } }),
          id: created.id,
        }),
      "slot.start",
      "Horário de início deve ser antes do horário de fim",
    );
    await expectRefused(
      () => a.api.availabilities.update({ ...weeklyMondays({ professionalId: profB }), id: created.id }),
      "professionalId",
      "Profissional não encontrado",
    );
    const before = await a.api.availabilities.list({});
    const other = await failure(
      b.api.availabilities.update({
        ...weeklyMondays({ professionalId: profB, establishmentId: estB }),
        id: created.id,
      }),
    );
    expect(other).toMatchObject({ code: "NOT_FOUND", message: "Disponibilidade não encontrada" });
    expect(await a.api.availabilities.list({})).toEqual(before);
  });
});

describe("availabilities.delete", () => {
  it("deletes the availability and its exceptions", async () => {
    const created = await a.api.availabilities.create(weeklyMondays());
    await a.api.availabilities.cancelOccurrence({
      id: created.id,
      occurrenceId: "2025-03-10",
      scope: "SINGLE",
    });
    await a.api.availabilities.delete({ id: created.id });
    expect(await a.api.availabilities.list({})).toEqual([]);
    expect(await t.database.db.select().from(schema.availabilityExceptions)).toEqual([]);
    expect(await failure(a.api.availabilities.delete({ id: created.id }))).toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("tenancy", () => {
  it("another tenant's availability is a 404 everywhere and never listed", async () => {
    const created = await a.api.availabilities.create(weeklyMondays());
    const before = await a.api.availabilities.list({});
    expect(await b.api.availabilities.list({})).toEqual([]);
    expect(await b.api.availabilities.list({ professionalId: profA })).toEqual([]);
    expect(await b.api.availabilities.expanded({ startDate: "2025-03-01", endDate: "2025-03-31" })).toEqual(
      [],
    );
    const id = created.id;
    const slot = { start: "09:00", end: "10:00" };
    for (const call of [
      () => b.api.availabilities.delete({ id }),
      () =>
        b.api.availabilities.editOccurrence({
          id,
          occurrenceId: "2025-03-10",
          slot,
          notes: null,
          scope: "SINGLE",
        }),
      () => b.api.availabilities.cancelOccurrence({ id, occurrenceId: "2025-03-10", scope: "ALL" }),
    ]) {
      expect(await failure(call())).toMatchObject({
        code: "NOT_FOUND",
        message: "Disponibilidade não encontrada",
      });
    }
    expect(await a.api.availabilities.list({})).toEqual(before);
  });
});

describe("occurrence scopes on WEEKLY", () => {
  const march = { startDate: "2025-03-01", endDate: "2025-03-31" };
  const slot = { start: "2025-03-17T14:00:00-03:00", end: "2025-03-17T16:00:00-03:00" };

  it("edit SINGLE changes only that date", async () => {
    const w = await a.api.availabilities.create(weeklyMondays());
    const result = await a.api.availabilities.editOccurrence({
      id: w.id,
      occurrenceId: "2025-03-17",
      slot,
      notes: "Só hoje à tarde",
      scope: "SINGLE",
    });
    expect(result.id).toBe(w.id);
    expect(result.exceptions).toEqual([
      {
        date: "2025-03-17",
        cancelled: false,
        slot: { start: "2025-03-17T14:00:00-03:00", end: "2025-03-17T16:00:00-03:00" },
        notes: "Só hoje à tarde",
      },
    ]);
    const list = await a.api.availabilities.expanded(march);
    expect(list.map((o) => [o.date, o.slot.start.slice(11, 16), o.notes])).toEqual([
      ["2025-03-03", "08:00", "Manhãs"],
      ["2025-03-10", "08:00", "Manhãs"],
      ["2025-03-17", "14:00", "Só hoje à tarde"],
      ["2025-03-24", "08:00", "Manhãs"],
      ["2025-03-31", "08:00", "Manhãs"],
    ]);
    // Editing the same date again replaces the edit.
    await a.api.availabilities.editOccurrence({
      id: w.id,
      occurrenceId: "2025-03-17",
      slot: { start: "15:00", end: "16:00" },
      notes: null,
      scope: "SINGLE",
    });
    expect((await a.api.availabilities.list({}))[0]?.exceptions).toHaveLength(1);
    expect(await occurrences(march)).toContain("2025-03-17 15:00");
  });

  it("edit FUTURE ends the series the day before and carries the change forward", async () => {
    const w = await a.api.availabilities.create(weeklyMondays());
    await a.api.availabilities.editOccurrence({
      id: w.id,
      occurrenceId: "2025-03-10",
      slot: { start: "10:00", end: "11:00" },
      notes: null,
      scope: "SINGLE",
    });
    await a.api.availabilities.cancelOccurrence({ id: w.id, occurrenceId: "2025-03-24", scope: "SINGLE" });
    await a.api.availabilities.editOccurrence({
      id: w.id,
      occurrenceId: "2025-03-31",
      slot: { start: "09:00", end: "10:00" },
      notes: null,
      scope: "SINGLE",
    });
    const result = await a.api.availabilities.editOccurrence({
      id: w.id,
      occurrenceId: "2025-03-17",
      slot,
      notes: "Tardes",
      scope: "FUTURE",
    });
    expect(result.id).not.toBe(w.id);
    expect(result).toMatchObject({
      pattern: { type: "WEEKLY", daysOfWeek: ["MONDAY"], period: { start: "2025-03-17", end: "2025-03-31" } },
      slot: { start: "2025-03-17T14:00:00-03:00", end: "2025-03-17T16:00:00-03:00" },
      notes: "Tardes",
      exceptions: [{ date: "2025-03-24", cancelled: true, slot: null, notes: null }],
    });
    const [original, created] = await a.api.availabilities.list({});
    expect(original?.id).toBe(w.id);
    expect(original?.pattern.period).toEqual({ start: "2025-03-03", end: "2025-03-16" });
    expect(original?.exceptions.map((x) => x.date)).toEqual(["2025-03-10"]);
    expect(created).toEqual(result);
    expect(await occurrences(march)).toEqual([
      "2025-03-03 08:00",
      "2025-03-10 10:00",
      "2025-03-17 14:00",
      "2025-03-31 14:00",
    ]);
  });

  it("edit FUTURE from the first occurrence edits the availability itself", async () => {
    const w = await a.api.availabilities.create(weeklyMondays());
    const result = await a.api.availabilities.editOccurrence({
      id: w.id,
      occurrenceId: "2025-03-03",
      slot,
      notes: null,
      scope: "FUTURE",
    });
    expect(result.id).toBe(w.id);
    expect(await a.api.availabilities.list({})).toHaveLength(1);
    expect(await occurrences(march)).toEqual([
      "2025-03-03 14:00",
      "2025-03-10 14:00",
      "2025-03-17 14:00",
      "2025-03-24 14:00",
      "2025-03-31 14:00",
    ]);
  });

  it("edit FUTURE on MONTHLY splits the series the same way", async () => {
    const m = await a.api.availabilities.create(
      weeklyMondays({
        pattern: { type: "MONTHLY", daysOfMonth: [31], period: { start: "2025-01-01", end: "2025-12-31" } },
      }),
    );
    const result = await a.api.availabilities.editOccurrence({
      id: m.id,
      occurrenceId: "2025-05-31",
      slot,
      notes: null,
      scope: "FUTURE",
    });
    expect(result.pattern).toEqual({
      type: "MONTHLY",
      daysOfMonth: [31],
      period: { start: "2025-05-31", end: "2025-12-31" },
    });
    expect(await occurrences({ startDate: "2025-01-01", endDate: "2025-08-31" })).toEqual([
      "2025-01-31 08:00",
      "2025-03-31 08:00",
      "2025-05-31 14:00",
      "2025-07-31 14:00",
      "2025-08-31 14:00",
    ]);
  });

  it("edit ALL changes every occurrence, replacing single edits; cancelled dates stay cancelled", async () => {
    const w = await a.api.availabilities.create(weeklyMondays());
    await a.api.availabilities.editOccurrence({
      id: w.id,
      occurrenceId: "2025-03-10",
      slot: { start: "10:00", end: "11:00" },
      notes: "x",
      scope: "SINGLE",
    });
    await a.api.availabilities.cancelOccurrence({ id: w.id, occurrenceId: "2025-03-24", scope: "SINGLE" });
    const result = await a.api.availabilities.editOccurrence({
      id: w.id,
      occurrenceId: "2025-03-17",
      slot,
      notes: null,
      scope: "ALL",
    });
    expect(result).toMatchObject({
      id: w.id,
      slot: { start: "2025-03-03T14:00:00-03:00", end: "2025-03-03T16:00:00-03:00" },
      notes: null,
      exceptions: [{ date: "2025-03-24", cancelled: true }],
    });
    expect(await occurrences(march)).toEqual([
      "2025-03-03 14:00",
      "2025-03-10 14:00",
      "2025-03-17 14:00",
      "2025-03-31 14:00",
    ]);
  });

  it("cancel SINGLE removes that date only", async () => {
    const w = await a.api.availabilities.create(weeklyMondays());
    const result = await a.api.availabilities.cancelOccurrence({
      id: w.id,
      occurrenceId: "2025-03-17",
      scope: "SINGLE",
    });
    expect(result?.exceptions).toEqual([{ date: "2025-03-17", cancelled: true, slot: null, notes: null }]);
    expect(await occurrences(march)).toEqual([
      "2025-03-03 08:00",
      "2025-03-10 08:00",
      "2025-03-24 08:00",
      "2025-03-31 08:00",
    ]);
  });

  it("cancel FUTURE ends the series the day before", async () => {
    const w = await a.api.availabilities.create(weeklyMondays());
    await a.api.availabilities.cancelOccurrence({ id: w.id, occurrenceId: "2025-03-24", scope: "SINGLE" });
    const result = await a.api.availabilities.cancelOccurrence({
      id: w.id,
      occurrenceId: "2025-03-17",
      scope: "FUTURE",
    });
    expect(result).toMatchObject({
      id: w.id,
      pattern: { period: { start: "2025-03-03", end: "2025-03-16" } },
      exceptions: [],
    });
    expect(await occurrences(march)).toEqual(["2025-03-03 08:00", "2025-03-10 08:00"]);
  });

  it("cancel FUTURE from the first occurrence deletes the availability", async () => {
    const w = await a.api.availabilities.create(weeklyMondays());
    expect(
      await a.api.availabilities.cancelOccurrence({ id: w.id, occurrenceId: "2025-03-03", scope: "FUTURE" }),
    ).toBeNull();
    expect(await a.api.availabilities.list({})).toEqual([]);
  });

  it("cancel ALL deletes the whole availability", async () => {
    const w = await a.api.availabilities.create(weeklyMondays());
    expect(
      await a.api.availabilities.cancelOccurrence({ id: w.id, occurrenceId: "2025-03-17", scope: "ALL" }),
    ).toBeNull();
    expect(await a.api.availabilities.list({})).toEqual([]);
    expect(await occurrences(march)).toEqual([]);
  });

  it("an occurrenceId that is not an occurrence is a 404, nothing changed", async () => {
    const w = await a.api.availabilities.create(weeklyMondays());
    await a.api.availabilities.cancelOccurrence({ id: w.id, occurrenceId: "2025-03-24", scope: "SINGLE" });
    const before = await a.api.availabilities.list({});
    for (const occurrenceId of ["2025-03-18", "2025-04-07", "2025-03-24", "2025-02-30", "amanhã", ""]) {
      for (const call of [
        () =>
          a.api.availabilities.editOccurrence({ id: w.id, occurrenceId, slot, notes: null, scope: "SINGLE" }),
        () => a.api.availabilities.cancelOccurrence({ id: w.id, occurrenceId, scope: "ALL" }),
      ]) {
        expect(await failure(call())).toMatchObject({
          code: "NOT_FOUND",
          message: "Ocorrência não encontrada",
        });
      }
    }
    expect(await a.api.availabilities.list({})).toEqual(before);
  });

  it("validates the edit payload, nothing changed", async () => {
    const w = await a.api.availabilities.create(weeklyMondays());
    const edit = (over: Record<string, unknown>) => () =>
      a.api.availabilities.editOccurrence({
        id: w.id,
        occurrenceId: "2025-03-17",
        slot,
        notes: null,
        scope: "SINGLE",
        ...over,
      } as Parameters<typeof a.api.availabilities.editOccurrence>[0]);
    await expectRefused(
      edit({ slot: { start: "16:00", end: "14:00" } }),
      "slot.start",
      "Horário de início deve ser antes do horário de fim",
    );
    await expectRefused(
      edit({ slot: { start: "aa", end: "14:00" } }),
      "slot.start",
      "Formato de horário inválido",
    );
    await expectRefused(edit({ slot: { end: "14:00" } }), "slot.start", "Horário de início é obrigatório");
    await expectRefused(edit({ notes: " " }), "notes", "Notas não podem estar em branco");
    await expectRefused(
      edit({ notes: "x".repeat(1001) }),
      "notes",
      "Notas devem ter no máximo 1000 caracteres",
    );
    await expectRefused(edit({ scope: undefined }), "scope", "Escopo é obrigatório");
    await expectRefused(edit({ scope: "SOME" }), "scope", "Escopo inválido (use SINGLE, FUTURE ou ALL)");
  });
});

describe("occurrence scopes on MANUAL_DATES", () => {
  const may = { startDate: "2025-05-01", endDate: "2025-05-31" };
  const slot = { start: "09:00", end: "10:00" };

  it("edit SINGLE changes only that date", async () => {
    const m = await a.api.availabilities.create(manualDates());
    const result = await a.api.availabilities.editOccurrence({
      id: m.id,
      occurrenceId: "2025-05-09",
      slot,
      notes: "Cedo",
      scope: "SINGLE",
    });
    expect(result.id).toBe(m.id);
    expect(await occurrences(may)).toEqual([
      "2025-05-02 14:00",
      "2025-05-09 09:00",
      "2025-05-16 14:00",
      "2025-05-23 14:00",
    ]);
  });

  it("edit FUTURE moves that date and every later one to a new availability", async () => {
    const m = await a.api.availabilities.create(manualDates());
    await a.api.availabilities.cancelOccurrence({ id: m.id, occurrenceId: "2025-05-23", scope: "SINGLE" });
    await a.api.availabilities.create(
      manualDates({ pattern: { type: "MANUAL_DATES", dates: ["2025-05-30"] } }),
    );
    await a.api.availabilities.editOccurrence({
      id: m.id,
      occurrenceId: "2025-05-02",
      slot: { start: "11:00", end: "12:00" },
      notes: null,
      scope: "SINGLE",
    });
    const result = await a.api.availabilities.editOccurrence({
      id: m.id,
      occurrenceId: "2025-05-09",
      slot,
      notes: "Novo",
      scope: "FUTURE",
    });
    expect(result).toMatchObject({
      pattern: { type: "MANUAL_DATES", dates: ["2025-05-09", "2025-05-16"] },
      notes: "Novo",
    });
    expect(result.id).not.toBe(m.id);
    const original = (await a.api.availabilities.list({})).find((x) => x.id === m.id);
    expect(original?.pattern).toEqual({ type: "MANUAL_DATES", dates: ["2025-05-02"] });
    expect(original?.exceptions.map((x) => x.date)).toEqual(["2025-05-02"]);
    expect(await occurrences(may)).toEqual([
      "2025-05-02 11:00",
      "2025-05-09 09:00",
      "2025-05-16 09:00",
      "2025-05-30 14:00",
    ]);
  });

  it("edit ALL changes every date", async () => {
    const m = await a.api.availabilities.create(manualDates());
    await a.api.availabilities.editOccurrence({
      id: m.id,
      occurrenceId: "2025-05-09",
      slot: { start: "11:00", end: "12:00" },
      notes: null,
      scope: "SINGLE",
    });
    const result = await a.api.availabilities.editOccurrence({
      id: m.id,
      occurrenceId: "2025-05-16",
      slot,
      notes: null,
      scope: "ALL",
    });
    expect(result).toMatchObject({ id: m.id, exceptions: [], slot: { start: "2025-05-02T09:00:00-03:00" } });
    expect(await occurrences(may)).toEqual([
      "2025-05-02 09:00",
      "2025-05-09 09:00",
      "2025-05-16 09:00",
      "2025-05-23 09:00",
    ]);
  });

  it("cancel SINGLE removes that date; the last one removes the availability", async () => {
    const m = await a.api.availabilities.create(
      manualDates({ pattern: { type: "MANUAL_DATES", dates: ["2025-05-02", "2025-05-09"] } }),
    );
    const result = await a.api.availabilities.cancelOccurrence({
      id: m.id,
      occurrenceId: "2025-05-02",
      scope: "SINGLE",
    });
    expect(result?.pattern).toEqual({ type: "MANUAL_DATES", dates: ["2025-05-09"] });
    expect(
      await a.api.availabilities.cancelOccurrence({ id: m.id, occurrenceId: "2025-05-09", scope: "SINGLE" }),
    ).toBeNull();
    expect(await a.api.availabilities.list({})).toEqual([]);
  });

  it("cancel FUTURE removes that date and every later one", async () => {
    const m = await a.api.availabilities.create(manualDates());
    const result = await a.api.availabilities.cancelOccurrence({
      id: m.id,
      occurrenceId: "2025-05-16",
      scope: "FUTURE",
    });
    expect(result?.pattern).toEqual({ type: "MANUAL_DATES", dates: ["2025-05-02", "2025-05-09"] });
    expect(await occurrences(may)).toEqual(["2025-05-02 14:00", "2025-05-09 14:00"]);
  });

  it("cancel ALL deletes it", async () => {
    const m = await a.api.availabilities.create(manualDates());
    expect(
      await a.api.availabilities.cancelOccurrence({ id: m.id, occurrenceId: "2025-05-16", scope: "ALL" }),
    ).toBeNull();
    expect(await a.api.availabilities.list({})).toEqual([]);
  });
});

describe("loadOccurrences and hasAnyAvailability (for appointments and the free-slot search)", () => {
  it("loads only the tenant's occurrences in range, in minutes, sorted", async () => {
    await a.api.availabilities.create(weeklyMondays());
    await a.api.availabilities.create(
      manualDates({
        pattern: { type: "MANUAL_DATES", dates: ["2025-03-17"] },
        slot: { start: "06:00", end: "07:00" },
      }),
    );
    await b.api.availabilities.create(weeklyMondays({ professionalId: profB, establishmentId: estB }));
    const list = await t.data.inTenant(a.tenantId, (tx) =>
      loadOccurrences(tx, { startDate: "2025-03-16", endDate: "2025-03-24" }),
    );
    expect(list.map((o) => [o.date, o.startMinute, o.endMinute, o.patternType])).toEqual([
      ["2025-03-17", 360, 420, "MANUAL_DATES"],
      ["2025-03-17", 480, 720, "WEEKLY"],
      ["2025-03-24", 480, 720, "WEEKLY"],
    ]);
    expect(await t.data.inTenant(a.tenantId, (tx) => hasAnyAvailability(tx, profA))).toBe(true);
    expect(await t.data.inTenant(a.tenantId, (tx) => hasAnyAvailability(tx, profA2))).toBe(false);
    expect(await t.data.inTenant(a.tenantId, (tx) => hasAnyAvailability(tx, profB))).toBe(false);
  });
});
