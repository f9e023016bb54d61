// Appointments as the dashboard, the REST shims and the voice agent use them (spec 001 §3-§5, §7, §9;
// docs/architecture.md, Database: No double booking): every message, the booking rules, the snapshot,
// the future rule, the advisory check, the free-slot search and tenancy. Each test seeds its own tenant.
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issuesOf } from "../errors";
import {
  createTestApi,
  editService,
  insertClient,
  insertEstablishment,
  insertManualAvailability,
  insertProfessional,
  insertService,
  insertWeeklyAvailability,
  softDelete,
  type TestApi,
} from "../testing";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  t.setNow(NOW);
});
afterAll(() => t.close());

/** Friday 2030-03-01, noon in São Paulo. */
const NOW = new Date("2030-03-01T12:00:00-03:00");
const MON = "2030-03-04";
const TUE = "2030-03-05";
const SAT = "2030-03-09";
const at = (date: string, hhmm: string) => `${date}T${hhmm}:00-03:00`;
const MISSING = "00000000-0000-4000-8000-000000000000";
/** Deliberately ill-typed input, as a REST client may send it: the procedure's schema must answer it. */
const malformed = (input: object): never => input as never;

async function seedClinic() {
  const tenant = await t.seedTenant();
  const db = t.database.db;
  const id = tenant.tenantId;
  const sede = await insertEstablishment(db, id, "Sede Centro");
  const filial = await insertEstablishment(db, id, "Filial Norte");
  const ana = await insertProfessional(db, id, "Dra. Ana");
  const bruno = await insertProfessional(db, id, "Dr. Bruno");
  const client = await insertClient(db, id, "Maria Souza");
  const consulta = await insertService(db, id, {
    name: "Consulta",
    duration: 30,
    professionals: [ana.id, bruno.id],
    establishments: [sede.id, filial.id],
  });
  // 5 + 40 + 10 = 55 minutes occupied.
  const limpeza = await insertService(db, id, {
    name: "Limpeza de pele",
    duration: 40,
    before: 5,
    after: 10,
    professionals: [ana.id],
    establishments: [sede.id],
  });
  const exame = await insertService(db, id, {
    name: "Exame",
    duration: 20,
    professionals: [bruno.id],
    establishments: [sede.id],
  });
  // Ana: Sede Mon-Fri 08:00-12:00, Filial Tue-Fri 14:00-18:00. Bruno has no availability at all.
  await insertWeeklyAvailability(db, id, {
    professionalId: ana.id,
    establishmentId: sede.id,
    days: [1, 2, 3, 4, 5],
    periodStart: "2030-03-01",
    periodEnd: "2030-12-31",
    start: "08:00",
    end: "12:00",
  });
  await insertWeeklyAvailability(db, id, {
    professionalId: ana.id,
    establishmentId: filial.id,
    days: [2, 3, 4, 5],
    periodStart: "2030-03-01",
    periodEnd: "2030-12-31",
    start: "14:00",
    end: "18:00",
  });
  const booking = (over: Record<string, unknown> = {}) => ({
    clientId: client.id,
    professionalId: ana.id,
    establishmentId: sede.id,
    scheduledAt: at(MON, "10:00"),
    offeredServices: [consulta.id],
    observations: null,
    ...over,
  });
  const list = () => tenant.api.appointments.list({ startDate: "2030-03-01", endDate: "2030-03-31" });
  return { ...tenant, sede, filial, ana, bruno, client, consulta, limpeza, exame, booking, list };
}
type Clinic = Awaited<ReturnType<typeof seedClinic>>;

interface Refusal {
  code: string;
  message: string;
  issues: { path: string; message: string }[];
}

async function refusal(promise: Promise<unknown>): Promise<Refusal> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a refusal, got ${JSON.stringify(error)}`);
  const issues = issuesOf(error.cause) ?? [];
  return { code: error.code, message: issues[0]?.message ?? error.message, issues };
}

/** A 400 whose issue on `path` carries `message`, with nothing changed. */
async function expectInvalid(c: Clinic, attempt: () => Promise<unknown>, path: string, message: string) {
  const before = await c.list();
  const r = await refusal(attempt());
  expect(r.code).toBe("BAD_REQUEST");
  expect(r.issues).toContainEqual({ path, message });
  expect(await c.list()).toEqual(before);
}

async function expectConflict(c: Clinic, attempt: () => Promise<unknown>, message: string) {
  const before = await c.list();
  const r = await refusal(attempt());
  expect(r).toMatchObject({ code: "CONFLICT", message });
  expect(await c.list()).toEqual(before);
}

describe("create: input messages (spec 001 §5)", () => {
  it("requires each id and refuses malformed ones", async () => {
    const c = await seedClinic();
    const create = c.api.appointments.create;
    const cases: [string, string, string][] = [
      ["clientId", "ID do cliente é obrigatório", "ID do cliente deve ser um UUID válido"],
      ["professionalId", "ID do profissional é obrigatório", "ID do profissional deve ser um UUID válido"],
      [
        "establishmentId",
        "ID do estabelecimento é obrigatório",
        "ID do estabelecimento deve ser um UUID válido",
      ],
    ];
    for (const [field, required, malformed] of cases) {
      await expectInvalid(c, () => create(c.booking({ [field]: undefined })), field, required);
      await expectInvalid(c, () => create(c.booking({ [field]: null })), field, required);
      await expectInvalid(c, () => create(c.booking({ [field]: "123" })), field, malformed);
    }
  });

  it("requires scheduledAt in the future", async () => {
    const c = await seedClinic();
    const create = c.api.appointments.create;
    const required = "Data e horário do agendamento são obrigatórios";
    await expectInvalid(c, () => create(c.booking({ scheduledAt: undefined })), "scheduledAt", required);
    await expectInvalid(c, () => create(c.booking({ scheduledAt: null })), "scheduledAt", required);
    await expectInvalid(
      c,
      () => create(c.booking({ scheduledAt: "amanhã" })),
      "scheduledAt",
      "Data e horário do agendamento inválidos",
    );
    const future = "Data de agendamento deve ser no futuro";
    await expectInvalid(
      c,
      () => create(c.booking({ scheduledAt: at("2030-02-25", "10:00") })),
      "scheduledAt",
      future,
    );
    // Exactly now is not the future.
    await expectInvalid(
      c,
      () => create(c.booking({ scheduledAt: at("2030-03-01", "12:00") })),
      "scheduledAt",
      future,
    );
  });

  it("takes 1 to 10 service ids", async () => {
    const c = await seedClinic();
    const create = c.api.appointments.create;
    await expectInvalid(
      c,
      () => create(c.booking({ offeredServices: [] })),
      "offeredServices",
      "Deve conter pelo menos 1 serviço",
    );
    await expectInvalid(
      c,
      () => create(c.booking({ offeredServices: undefined })),
      "offeredServices",
      "Deve conter pelo menos 1 serviço",
    );
    await expectInvalid(
      c,
      () => create(c.booking({ offeredServices: Array(11).fill(c.consulta.id) })),
      "offeredServices",
      "Deve conter no máximo 10 serviços",
    );
    await expectInvalid(
      c,
      () => create(c.booking({ offeredServices: [c.consulta.id, "x"] })),
      "offeredServices.1",
      "ID do serviço deve ser um UUID válido",
    );
  });

  it("refuses blank or long observations and stores trimmed ones", async () => {
    const c = await seedClinic();
    const create = c.api.appointments.create;
    await expectInvalid(
      c,
      () => create(c.booking({ observations: "   " })),
      "observations",
      "Observações não podem estar em branco se fornecidas",
    );
    await expectInvalid(
      c,
      () => create(c.booking({ observations: "a".repeat(2001) })),
      "observations",
      "Observações não podem exceder 2000 caracteres",
    );
    const ok = await create(c.booking({ observations: `  ${"a".repeat(2000)}  ` }));
    expect(ok.observations).toBe("a".repeat(2000));
    const none = await create(c.booking({ scheduledAt: at(MON, "11:00"), observations: undefined }));
    expect(none.observations).toBeNull();
  });
});

describe("create: the booking rules", () => {
  it("answers the record: SCHEDULED, endsAt with buffers, the service snapshot", async () => {
    const c = await seedClinic();
    const created = await c.api.appointments.create(
      c.booking({ offeredServices: [c.limpeza.id, c.consulta.id], observations: "Primeira vez" }),
    );
    expect(created).toEqual({
      id: expect.any(String),
      tenantId: c.tenantId,
      clientId: c.client.id,
      professionalId: c.ana.id,
      establishmentId: c.sede.id,
      scheduledAt: "2030-03-04T10:00:00-03:00",
      // 55 (5 + 40 + 10) + 30
      endsAt: "2030-03-04T11:25:00-03:00",
      status: "SCHEDULED",
      observations: "Primeira vez",
      confirmedAt: null,
      confirmedVia: null,
      offeredServices: [
        {
          offeredServiceId: c.limpeza.id,
          offeredServiceName: "Limpeza de pele",
          duration: 40,
          bufferDurationBefore: 5,
          bufferDurationAfter: 10,
        },
        {
          offeredServiceId: c.consulta.id,
          offeredServiceName: "Consulta",
          duration: 30,
          bufferDurationBefore: 0,
          bufferDurationAfter: 0,
        },
      ],
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/),
    });
    expect(await c.api.appointments.get({ id: created.id })).toEqual(created);
    expect(await c.list()).toEqual([created]);
  });

  it("accepts a booking at exactly the end of the previous occupied range and refuses one a minute earlier", async () => {
    const c = await seedClinic();
    await c.api.appointments.create(c.booking({ offeredServices: [c.limpeza.id] })); // 10:00-10:55
    await expectConflict(
      c,
      () => c.api.appointments.create(c.booking({ scheduledAt: at(MON, "10:54") })),
      "Conflito com agendamento existente (10:00 - 10:55)",
    );
    const next = await c.api.appointments.create(c.booking({ scheduledAt: at(MON, "10:55") }));
    expect(next.endsAt).toBe("2030-03-04T11:25:00-03:00");
    // And one ending exactly where another begins.
    await c.api.appointments.create(c.booking({ scheduledAt: at(MON, "09:30") }));
  });

  it("counts the buffers: the occupied range starts before the service itself", async () => {
    const c = await seedClinic();
    await c.api.appointments.create(c.booking({ scheduledAt: at(MON, "09:00") })); // 09:00-09:30
    // Limpeza at 08:10 occupies 08:10-09:05 (buffer after included): refused, naming the existing range.
    await expectConflict(
      c,
      () =>
        c.api.appointments.create(
          c.booking({ scheduledAt: at(MON, "08:10"), offeredServices: [c.limpeza.id] }),
        ),
      "Conflito com agendamento existente (09:00 - 09:30)",
    );
    const ok = await c.api.appointments.create(
      c.booking({ scheduledAt: at(MON, "08:05"), offeredServices: [c.limpeza.id] }),
    );
    expect(ok.endsAt).toBe("2030-03-04T09:00:00-03:00");
  });

  it("refuses overlaps of one professional across establishments, and allows other professionals", async () => {
    const c = await seedClinic();
    await c.api.appointments.create(c.booking({ scheduledAt: at(MON, "10:00") }));
    // Ana has no window at the Filial on Mondays: a warning, but the conflict still blocks.
    await expectConflict(
      c,
      () =>
        c.api.appointments.create(c.booking({ establishmentId: c.filial.id, scheduledAt: at(MON, "10:15") })),
      "Conflito com agendamento existente (10:00 - 10:30)",
    );
    const bruno = await c.api.appointments.create(
      c.booking({ professionalId: c.bruno.id, scheduledAt: at(MON, "10:15") }),
    );
    expect(bruno.professionalId).toBe(c.bruno.id);
  });

  it("refuses any part of the occupied range outside the window (400 naming the window)", async () => {
    const c = await seedClinic();
    const create = c.api.appointments.create;
    await expectInvalid(
      c,
      () => create(c.booking({ scheduledAt: at(MON, "11:45") })),
      "scheduledAt",
      "Horário fora da disponibilidade (08:00 - 12:00)",
    );
    await expectInvalid(
      c,
      () => create(c.booking({ scheduledAt: at(MON, "07:45") })),
      "scheduledAt",
      "Horário fora da disponibilidade (08:00 - 12:00)",
    );
    // The buffer before counts too: limpeza at 11:10 ends at 12:05.
    await expectInvalid(
      c,
      () => create(c.booking({ scheduledAt: at(MON, "11:10"), offeredServices: [c.limpeza.id] })),
      "scheduledAt",
      "Horário fora da disponibilidade (08:00 - 12:00)",
    );
    await expectInvalid(
      c,
      () => create(c.booking({ establishmentId: c.filial.id, scheduledAt: at(TUE, "13:50") })),
      "scheduledAt",
      "Horário fora da disponibilidade (14:00 - 18:00)",
    );
    const last = await create(c.booking({ scheduledAt: at(MON, "11:30") }));
    expect(last.endsAt).toBe("2030-03-04T12:00:00-03:00");
  });

  it("allows the two warnings: no availability here that day, none at all", async () => {
    const c = await seedClinic();
    // Saturday: Ana works nowhere that day, but has availabilities.
    const saturday = await c.api.appointments.create(c.booking({ scheduledAt: at(SAT, "10:00") }));
    expect(saturday.status).toBe("SCHEDULED");
    // Bruno has none at all.
    const bruno = await c.api.appointments.create(
      c.booking({ professionalId: c.bruno.id, scheduledAt: at(MON, "21:00"), offeredServices: [c.exame.id] }),
    );
    expect(bruno.endsAt).toBe("2030-03-04T21:20:00-03:00");
    expect(await c.list()).toHaveLength(2);
  });

  it("requires client, professional, establishment and services of this tenant, not deleted, offered there", async () => {
    const c = await seedClinic();
    const other = await seedClinic();
    const create = c.api.appointments.create;
    await expectInvalid(
      c,
      () => create(c.booking({ clientId: MISSING })),
      "clientId",
      "Cliente não encontrado",
    );
    await expectInvalid(
      c,
      () => create(c.booking({ clientId: other.client.id })),
      "clientId",
      "Cliente não encontrado",
    );
    await expectInvalid(
      c,
      () => create(c.booking({ professionalId: MISSING })),
      "professionalId",
      "Profissional não encontrado",
    );
    await expectInvalid(
      c,
      () => create(c.booking({ professionalId: other.ana.id })),
      "professionalId",
      "Profissional não encontrado",
    );
    await expectInvalid(
      c,
      () => create(c.booking({ establishmentId: other.sede.id })),
      "establishmentId",
      "Local não encontrado",
    );
    await expectInvalid(
      c,
      () => create(c.booking({ offeredServices: [c.consulta.id, other.consulta.id] })),
      "offeredServices",
      "Serviço não encontrado",
    );
    await expectInvalid(
      c,
      () => create(c.booking({ offeredServices: [c.exame.id] })),
      "offeredServices",
      "Serviço Exame não é oferecido por este profissional neste local",
    );
    await expectInvalid(
      c,
      () =>
        create(
          c.booking({
            establishmentId: c.filial.id,
            scheduledAt: at(MON, "15:00"),
            offeredServices: [c.limpeza.id],
          }),
        ),
      "offeredServices",
      "Serviço Limpeza de pele não é oferecido por este profissional neste local",
    );
    await softDelete(t.database.db, "clients", c.client.id);
    await expectInvalid(c, () => create(c.booking()), "clientId", "Cliente não encontrado");
    await softDelete(t.database.db, "offeredServices", c.consulta.id);
    const joao = await insertClient(t.database.db, c.tenantId, "João");
    await expectInvalid(
      c,
      () => create(c.booking({ clientId: joao.id })),
      "offeredServices",
      "Serviço não encontrado",
    );
    await softDelete(t.database.db, "professionals", c.ana.id);
    await softDelete(t.database.db, "establishments", c.sede.id);
    const r = await refusal(create(c.booking()));
    expect(r.issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(["clientId", "professionalId", "establishmentId"]),
    );
    expect(await c.list()).toEqual([]);
  });

  it("frees the slot of a cancelled appointment, and a cancelled one cannot come back over another", async () => {
    const c = await seedClinic();
    const first = await c.api.appointments.create(c.booking());
    await c.api.appointments.update({ ...c.booking(), id: first.id, status: "CANCELED" });
    const second = await c.api.appointments.create(c.booking({ scheduledAt: at(MON, "10:15") }));
    expect(second.status).toBe("SCHEDULED");
    await expectConflict(
      c,
      () => c.api.appointments.update({ ...c.booking(), id: first.id, status: "SCHEDULED" }),
      "Conflito com agendamento existente (10:15 - 10:45)",
    );
  });
});

describe("update (PUT)", () => {
  it("requires a valid status", async () => {
    const c = await seedClinic();
    const created = await c.api.appointments.create(c.booking());
    const update = c.api.appointments.update;
    await expectInvalid(
      c,
      () => update(malformed({ ...c.booking(), id: created.id })),
      "status",
      "Status é obrigatório",
    );
    await expectInvalid(
      c,
      () => update(malformed({ ...c.booking(), id: created.id, status: null })),
      "status",
      "Status é obrigatório",
    );
    await expectInvalid(
      c,
      () => update(malformed({ ...c.booking(), id: created.id, status: "DONE" })),
      "status",
      "Status deve ser um valor válido",
    );
    await expectInvalid(
      c,
      () => update({ ...c.booking({ offeredServices: [] }), id: created.id, status: "SCHEDULED" }),
      "offeredServices",
      "Deve conter pelo menos 1 serviço",
    );
    await expectInvalid(
      c,
      () => update({ ...c.booking({ observations: " " }), id: created.id, status: "SCHEDULED" }),
      "observations",
      "Observações não podem estar em branco se fornecidas",
    );
  });

  it("moves an appointment under the booking rules, ignoring its own old range", async () => {
    const c = await seedClinic();
    const created = await c.api.appointments.create(c.booking());
    const moved = await c.api.appointments.update({
      ...c.booking({ scheduledAt: at(MON, "10:15"), observations: "Remarcado" }),
      id: created.id,
      status: "SCHEDULED",
    });
    expect(moved).toMatchObject({
      id: created.id,
      scheduledAt: "2030-03-04T10:15:00-03:00",
      endsAt: "2030-03-04T10:45:00-03:00",
      observations: "Remarcado",
      createdAt: created.createdAt,
    });
    await c.api.appointments.create(c.booking({ scheduledAt: at(MON, "11:00") }));
    await expectConflict(
      c,
      () =>
        c.api.appointments.update({
          ...c.booking({ scheduledAt: at(MON, "10:45") }),
          id: created.id,
          status: "SCHEDULED",
        }),
      "Conflito com agendamento existente (11:00 - 11:30)",
    );
    await expectInvalid(
      c,
      () =>
        c.api.appointments.update({
          ...c.booking({ scheduledAt: at(MON, "11:45") }),
          id: created.id,
          status: "SCHEDULED",
        }),
      "scheduledAt",
      "Horário fora da disponibilidade (08:00 - 12:00)",
    );
  });

  it("past appointments: the status can change, moving needs the future", async () => {
    const c = await seedClinic();
    const created = await c.api.appointments.create(c.booking());
    t.setNow(new Date("2030-03-05T09:00:00-03:00"));
    try {
      const done = await c.api.appointments.update({ ...c.booking(), id: created.id, status: "COMPLETED" });
      expect(done.status).toBe("COMPLETED");
      const noShow = await c.api.appointments.update({
        ...c.booking({ observations: "Não veio" }),
        id: created.id,
        status: "NO_SHOW",
      });
      expect(noShow).toMatchObject({
        status: "NO_SHOW",
        observations: "Não veio",
        scheduledAt: created.scheduledAt,
      });
      await expectInvalid(
        c,
        () =>
          c.api.appointments.update({
            ...c.booking({ scheduledAt: at(MON, "11:00") }),
            id: created.id,
            status: "NO_SHOW",
          }),
        "scheduledAt",
        "Data de agendamento deve ser no futuro",
      );
      // The same instant written another way is not a change.
      const same = await c.api.appointments.update({
        ...c.booking({ scheduledAt: "2030-03-04T13:00:00Z" }),
        id: created.id,
        status: "COMPLETED",
      });
      expect(same.status).toBe("COMPLETED");
      const moved = await c.api.appointments.update({
        ...c.booking({ scheduledAt: at("2030-03-06", "09:00") }),
        id: created.id,
        status: "SCHEDULED",
      });
      expect(moved.scheduledAt).toBe("2030-03-06T09:00:00-03:00");
    } finally {
      t.setNow(NOW);
    }
  });

  it("keeps the snapshot when a service is edited later; re-takes it only when re-booking", async () => {
    const c = await seedClinic();
    const created = await c.api.appointments.create(c.booking());
    await editService(t.database.db, c.consulta.id, {
      name: "Consulta longa",
      duration: 60,
      bufferDurationAfter: 15,
    });
    expect(await c.api.appointments.get({ id: created.id })).toEqual(created);
    // The range did not grow: a booking at the old end is still accepted.
    await c.api.appointments.create(
      c.booking({ scheduledAt: at(MON, "10:30"), offeredServices: [c.limpeza.id] }),
    );
    // Status and observations only: the snapshot stays.
    const confirmed = await c.api.appointments.update({
      ...c.booking({ observations: "Confirmado por telefone" }),
      id: created.id,
      status: "COMPLETED",
    });
    expect(confirmed.offeredServices).toEqual(created.offeredServices);
    expect(confirmed.endsAt).toBe(created.endsAt);
    // Moving re-books with the catalogue as it is now.
    const moved = await c.api.appointments.update({
      ...c.booking({ scheduledAt: at(TUE, "08:00") }),
      id: created.id,
      status: "SCHEDULED",
    });
    expect(moved.endsAt).toBe("2030-03-05T09:15:00-03:00");
    expect(moved.offeredServices).toEqual([
      {
        offeredServiceId: c.consulta.id,
        offeredServiceName: "Consulta longa",
        duration: 60,
        bufferDurationBefore: 0,
        bufferDurationAfter: 15,
      },
    ]);
  });

  it("changes the client only to an existing one", async () => {
    const c = await seedClinic();
    const created = await c.api.appointments.create(c.booking());
    await expectInvalid(
      c,
      () =>
        c.api.appointments.update({
          ...c.booking({ clientId: MISSING }),
          id: created.id,
          status: "SCHEDULED",
        }),
      "clientId",
      "Cliente não encontrado",
    );
    const joao = await insertClient(t.database.db, c.tenantId, "João");
    const updated = await c.api.appointments.update({
      ...c.booking({ clientId: joao.id }),
      id: created.id,
      status: "SCHEDULED",
    });
    expect(updated.clientId).toBe(joao.id);
  });
});

describe("delete and confirm", () => {
  it("deletes (the slot becomes free) and confirms once", async () => {
    const c = await seedClinic();
    const created = await c.api.appointments.create(c.booking());
    t.setNow(new Date("2030-03-02T08:15:30-03:00"));
    try {
      const confirmed = await c.api.appointments.confirm({ id: created.id });
      // The team's confirmation (decision 0050: TEAM, CALL or WHATSAPP).
      expect(confirmed).toEqual({
        ...created,
        confirmedAt: "2030-03-02T08:15:30-03:00",
        confirmedVia: "TEAM",
      });
      t.setNow(new Date("2030-03-03T08:00:00-03:00"));
      expect((await c.api.appointments.confirm({ id: created.id })).confirmedAt).toBe(
        "2030-03-02T08:15:30-03:00",
      );
    } finally {
      t.setNow(NOW);
    }
    expect(await c.api.appointments.delete({ id: created.id })).toBeUndefined();
    expect((await refusal(c.api.appointments.get({ id: created.id }))).code).toBe("NOT_FOUND");
    expect(await c.list()).toEqual([]);
    await c.api.appointments.create(c.booking());
  });

  it("refuses to confirm a cancelled appointment", async () => {
    const c = await seedClinic();
    const created = await c.api.appointments.create(c.booking());
    await c.api.appointments.update({ ...c.booking(), id: created.id, status: "CANCELED" });
    await expectConflict(
      c,
      () => c.api.appointments.confirm({ id: created.id }),
      "Agendamento cancelado não pode ser confirmado",
    );
  });
});

describe("tenancy", () => {
  it("another tenant's appointment is a 404 everywhere and is left untouched", async () => {
    const a = await seedClinic();
    const b = await seedClinic();
    const created = await a.api.appointments.create(a.booking());
    const id = created.id;
    const attempts: (() => Promise<unknown>)[] = [
      () => b.api.appointments.get({ id }),
      () => b.api.appointments.update({ ...b.booking(), id, status: "CANCELED" }),
      () => b.api.appointments.delete({ id }),
      () => b.api.appointments.confirm({ id }),
    ];
    for (const attempt of attempts) expect((await refusal(attempt())).code).toBe("NOT_FOUND");
    expect(await b.list()).toEqual([]);
    expect(await a.list()).toEqual([created]);
    // B's Ana is free at the same time: professionals are per tenant.
    await b.api.appointments.create(b.booking());
  });
});

describe("list", () => {
  it("requires both dates and filters by São Paulo date, professional, establishment and client, ordered by time", async () => {
    const c = await seedClinic();
    const list = c.api.appointments.list;
    const message = "Datas de início e fim são obrigatórias para carregar agendamentos";
    for (const input of [
      { startDate: "2030-03-01" },
      { endDate: "2030-03-01" },
      {},
      { startDate: "", endDate: "" },
    ]) {
      const r = await refusal(list(malformed(input)));
      expect(r).toMatchObject({ code: "BAD_REQUEST", message });
    }
    expect((await refusal(list({ startDate: "2030-03-05", endDate: "2030-03-04" }))).message).toBe(
      "Data de fim deve ser igual ou posterior à data de início",
    );
    const bruno = (over: Record<string, unknown>) =>
      c.booking({ professionalId: c.bruno.id, offeredServices: [c.exame.id], ...over });
    // 23:30 in São Paulo is the next day in UTC: it belongs to Monday.
    const late = await c.api.appointments.create(bruno({ scheduledAt: at(MON, "23:30") }));
    const early = await c.api.appointments.create(bruno({ scheduledAt: at(TUE, "00:10") }));
    const ana = await c.api.appointments.create(c.booking({ scheduledAt: at(MON, "09:00") }));
    const filial = await c.api.appointments.create(
      c.booking({ establishmentId: c.filial.id, scheduledAt: at(MON, "15:00") }),
    );
    const joao = await insertClient(t.database.db, c.tenantId, "João");
    const joaos = await c.api.appointments.create(
      bruno({ clientId: joao.id, scheduledAt: at(MON, "08:00") }),
    );

    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    expect(ids(await list({ startDate: MON, endDate: MON }))).toEqual([joaos.id, ana.id, filial.id, late.id]);
    expect(ids(await list({ startDate: TUE, endDate: TUE }))).toEqual([early.id]);
    expect(ids(await list({ startDate: MON, endDate: TUE, professionalId: c.ana.id }))).toEqual([
      ana.id,
      filial.id,
    ]);
    expect(ids(await list({ startDate: MON, endDate: TUE, establishmentId: c.filial.id }))).toEqual([
      filial.id,
    ]);
    expect(ids(await list({ startDate: MON, endDate: TUE, clientId: joao.id }))).toEqual([joaos.id]);
    const all = await list({ startDate: "2030-03-01", endDate: "2030-03-31" });
    expect(all.find((r) => r.id === ana.id)?.offeredServices).toEqual(ana.offeredServices);
  });
});

describe("availability check (spec 001 §5, advisory)", () => {
  it("answers the five outcomes with the spec's messages and writes nothing", async () => {
    const c = await seedClinic();
    await c.api.appointments.create(
      c.booking({ scheduledAt: at(MON, "09:00"), offeredServices: [c.limpeza.id] }),
    );
    const before = await c.list();
    const check = (over: Record<string, unknown>) =>
      c.api.appointments.availabilityCheck({
        professionalId: c.ana.id,
        establishmentId: c.sede.id,
        scheduledAt: at(MON, "10:00"),
        offeredServices: [c.consulta.id, c.limpeza.id],
        ...over,
      });
    expect(await check({})).toEqual({
      status: "AVAILABLE",
      message: "Horário disponível (até 11:25)",
      endsAt: "2030-03-04T11:25:00-03:00",
    });
    expect(await check({ scheduledAt: at(MON, "09:30") })).toEqual({
      status: "CONFLICT",
      message: "Conflito com agendamento existente (09:00 - 09:55)",
      endsAt: "2030-03-04T10:55:00-03:00",
    });
    expect(await check({ scheduledAt: at(MON, "11:00") })).toEqual({
      status: "OUTSIDE_WINDOW",
      message: "Horário fora da disponibilidade (08:00 - 12:00)",
      endsAt: "2030-03-04T12:25:00-03:00",
    });
    expect(await check({ scheduledAt: at(SAT, "10:00") })).toEqual({
      status: "NO_AVAILABILITY_HERE",
      message: "Profissional não disponível neste local na data selecionada",
      endsAt: "2030-03-09T11:25:00-03:00",
    });
    expect(await check({ professionalId: c.bruno.id, offeredServices: [c.exame.id] })).toEqual({
      status: "NO_AVAILABILITY",
      message:
        "Profissional não possui disponibilidades cadastradas. Configure as disponibilidades primeiro ou crie o agendamento manualmente.",
      endsAt: "2030-03-04T10:20:00-03:00",
    });
    // The appointment being edited does not conflict with itself.
    const [own] = before;
    expect((await check({ scheduledAt: at(MON, "09:30"), appointmentId: own?.id })).status).toBe("AVAILABLE");
    // Conflicts are per professional, whatever the establishment (docs/architecture.md, Database), not only in the
    // "same establishment" of spec 001 §5.
    expect(
      await check({
        establishmentId: c.filial.id,
        scheduledAt: at(MON, "09:30"),
        offeredServices: [c.consulta.id],
      }),
    ).toMatchObject({
      status: "CONFLICT",
      message: "Conflito com agendamento existente (09:00 - 09:55)",
    });
    // The same id checks as booking.
    expect((await refusal(check({ offeredServices: [c.exame.id] }))).message).toBe(
      "Serviço Exame não é oferecido por este profissional neste local",
    );
    expect((await refusal(check({ offeredServices: "" }))).message).toBe("Deve conter pelo menos 1 serviço");
    // A query string's `id,id` works as well as an array.
    expect((await check({ offeredServices: `${c.consulta.id},${c.limpeza.id}` })).status).toBe("AVAILABLE");
    expect(await c.list()).toEqual(before);
  });
});

describe("free slots", () => {
  it("lists 5-minute starts in the windows, around appointments, from now on", async () => {
    const c = await seedClinic();
    await c.api.appointments.create(
      c.booking({ scheduledAt: at(MON, "09:00"), offeredServices: [c.limpeza.id] }),
    );
    // Ana's Filial 09:55-10:25 blocks her at the Sede too.
    await c.api.appointments.create(
      c.booking({ establishmentId: c.filial.id, scheduledAt: at(MON, "10:25") }),
    );
    const slots = await c.api.appointments.freeSlots({
      offeredServices: [c.consulta.id],
      startDate: MON,
      endDate: MON,
      professionalId: c.ana.id,
      establishmentId: c.sede.id,
    });
    const starts = slots.map((s) => s.start.slice(11, 16));
    expect(starts.slice(0, 7)).toEqual(["08:00", "08:05", "08:10", "08:15", "08:20", "08:25", "08:30"]);
    expect(starts).not.toContain("08:35");
    expect(starts).toContain("09:55");
    expect(starts).not.toContain("10:00");
    expect(starts).toContain("10:55");
    expect(starts.at(-1)).toBe("11:30");
    expect(slots[0]).toEqual({
      start: "2030-03-04T08:00:00-03:00",
      end: "2030-03-04T08:30:00-03:00",
      professionalId: c.ana.id,
      establishmentId: c.sede.id,
    });
  });

  it("considers only professionals and establishments offering all the services, sorted by start", async () => {
    const c = await seedClinic();
    await insertManualAvailability(t.database.db, c.tenantId, {
      professionalId: c.bruno.id,
      establishmentId: c.sede.id,
      dates: [MON],
      start: "07:00",
      end: "08:30",
    });
    const consulta = await c.api.appointments.freeSlots({
      offeredServices: [c.consulta.id],
      startDate: MON,
      endDate: TUE,
    });
    const who = new Set(
      consulta.map(
        (s) =>
          `${s.professionalId === c.ana.id ? "ana" : "bruno"}@${s.establishmentId === c.sede.id ? "sede" : "filial"}`,
      ),
    );
    expect(who).toEqual(new Set(["ana@sede", "ana@filial", "bruno@sede"]));
    expect(consulta[0]?.start).toBe("2030-03-04T07:00:00-03:00");
    const starts = consulta.map((s) => Date.parse(s.start));
    expect(starts).toEqual([...starts].sort((x, y) => x - y));
    // Limpeza: only Ana, only at the Sede. Limpeza + Exame: nobody offers both.
    const limpeza = await c.api.appointments.freeSlots({
      offeredServices: [c.limpeza.id],
      startDate: MON,
      endDate: MON,
    });
    expect(new Set(limpeza.map((s) => s.establishmentId))).toEqual(new Set([c.sede.id]));
    expect(limpeza.at(-1)?.start).toBe("2030-03-04T11:05:00-03:00");
    expect(
      await c.api.appointments.freeSlots({
        offeredServices: [c.limpeza.id, c.exame.id],
        startDate: MON,
        endDate: TUE,
      }),
    ).toEqual([]);
    expect(
      await c.api.appointments.freeSlots({
        offeredServices: [c.consulta.id],
        startDate: MON,
        endDate: MON,
        professionalId: MISSING,
      }),
    ).toEqual([]);
  });

  it("starts after now, on the grid, and never in the past", async () => {
    const c = await seedClinic();
    t.setNow(new Date("2030-03-04T10:02:10-03:00"));
    try {
      const slots = await c.api.appointments.freeSlots({
        offeredServices: [c.consulta.id],
        startDate: "2030-03-01",
        endDate: MON,
        establishmentId: c.sede.id,
      });
      expect(slots[0]?.start).toBe("2030-03-04T10:05:00-03:00");
    } finally {
      t.setNow(NOW);
    }
  });

  it("validates its input", async () => {
    const c = await seedClinic();
    const free = c.api.appointments.freeSlots;
    const base = { offeredServices: [c.consulta.id], startDate: MON, endDate: MON };
    expect((await refusal(free({ ...base, offeredServices: [] }))).message).toBe(
      "Deve conter pelo menos 1 serviço",
    );
    expect((await refusal(free(malformed({ ...base, startDate: undefined })))).message).toBe(
      "Data de início é obrigatória",
    );
    expect((await refusal(free({ ...base, endDate: "2030-02-30" }))).message).toBe("Data de fim inválida");
    expect((await refusal(free({ ...base, endDate: "2030-05-05" }))).message).toBe(
      "Intervalo de datas não pode exceder 62 dias",
    );
    expect((await refusal(free({ ...base, offeredServices: [MISSING] }))).issues).toEqual([
      { path: "offeredServices", message: "Serviço não encontrado" },
    ]);
    expect(await free({ ...base, endDate: "2030-05-04" })).not.toEqual([]);
  });
});
