// Google Calendar per professional over the real Hono app and a local fake of Google (docs/decisions/0029; spec 001 §2,
// §3, §4, §7, §8): invitations by e-mail, the consent with each of the spec's reason codes, the grant stored
// encrypted, events written once through the job queue (retries included), moved and deleted with their
// appointment, busy time from the professional's calendar in the check, the booking and the free slots, and a
// revoked grant repaired by a new invitation.
import { appRouter, createCallerFactory, decryptSecret } from "@atende/api";
import {
  type FakeWhatsapp,
  type GoogleFake,
  insertAppointment,
  insertClient,
  insertEstablishment,
  insertService,
  insertWeeklyAvailability,
  type SeededTenant,
  startFakeWhatsapp,
  startGoogleFake,
  testConfig,
} from "@atende/api/testing";
import { schema } from "@atende/db";
import { eq } from "@atende/db/orm";
import type { Appointment, AvailabilityCheckResult, FreeSlot } from "@atende/shared/schemas/appointments";
import type {
  CalendarAuthorizeResult,
  CalendarInvitationResult,
  CalendarStatus,
  CalendarTokenStatus,
} from "@atende/shared/schemas/calendar";
import type { WaitlistEntry } from "@atende/shared/schemas/waitlist";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing";

const NOW = new Date("2030-03-01T12:00:00-03:00");
const HOUR = 3_600_000;

let fake: GoogleFake;
let whatsapp: FakeWhatsapp;
let server: TestServer;
let a: SeededTenant;
let b: SeededTenant;
const catalogue = { sede: "", client: "", consulta: "" };
let seq = 0;

beforeAll(async () => {
  [fake, whatsapp] = await Promise.all([startGoogleFake(), startFakeWhatsapp()]);
  server = await createTestServer({
    config: {
      confirmations: { ...testConfig.confirmations, whatsappApiUrl: whatsapp.apiUrl },
      google: {
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
        authorizationEndpoint: fake.authorizationEndpoint,
        tokenEndpoint: fake.tokenEndpoint,
        userInfoEndpoint: fake.userInfoEndpoint,
      },
      calendar: { ...testConfig.calendar, apiUrl: fake.calendarApiUrl, busyTimeoutMs: 500 },
    },
  });
  server.api.setNow(NOW);
  [a, b] = await Promise.all([server.api.seedTenant({ name: "Clínica Sorriso" }), server.api.seedTenant()]);
  const db = server.api.database.db;
  const sede = await insertEstablishment(db, a.tenantId, "Sede Centro");
  const client = await insertClient(db, a.tenantId, "Maria Souza");
  Object.assign(catalogue, { sede: sede.id, client: client.id });
});
afterAll(async () => {
  await server.close();
  await fake.close();
  await whatsapp.close();
});

// ─── Helpers ─────────────────────────────────────────────────────────────────────────────────────────────────

/** A professional of tenant A (through the API), with an e-mail unless `null`. */
async function professional(
  email: string | null = `pro${++seq}@exemplo.test`,
): Promise<{ id: string; email: string }> {
  const res = await server.request<{ id: string }>("POST", "/professionals", {
    as: a.actor,
    body: { name: `Dra. Agenda ${++seq}`, specialty: "Odontologia", email },
  });
  expect(res.status).toBe(201);
  return { id: res.body.id, email: email ?? "" };
}

/** A professional who works Monday to Friday, 08:00-12:00, at the clinic, offering a 30-minute 'Consulta'. */
async function bookableProfessional(email?: string): Promise<{ id: string; email: string; service: string }> {
  const pro = await professional(email);
  const db = server.api.database.db;
  const service = await insertService(db, a.tenantId, {
    name: "Consulta",
    duration: 30,
    professionals: [pro.id],
    establishments: [catalogue.sede],
  });
  await insertWeeklyAvailability(db, a.tenantId, {
    professionalId: pro.id,
    establishmentId: catalogue.sede,
    days: [1, 2, 3, 4, 5],
    periodStart: "2030-03-01",
    periodEnd: "2030-12-31",
    start: "08:00",
    end: "12:00",
  });
  return { ...pro, service: service.id };
}

function invite(
  professionalId: string,
  body: Record<string, unknown> = { purpose: "CALENDAR_SYNC", validityHours: 48 },
) {
  return server.request<CalendarInvitationResult>(
    "POST",
    `/professionals/${professionalId}/calendar/generate-invitation`,
    { as: a.actor, body },
  );
}

async function calendarStatus(professionalId: string): Promise<CalendarStatus> {
  const res = await server.request<CalendarStatus>(
    "GET",
    `/professionals/${professionalId}/calendar/status`,
    {
      as: a.actor,
    },
  );
  expect(res.status).toBe(200);
  return res.body;
}

/** The token of the newest invitation e-mailed to `email`, read from the development outbox. */
async function tokenFromOutbox(email: string): Promise<string> {
  const res = await server.request<{ text: string; subject: string }[]>("GET", "/dev/outbox", {
    query: { to: email },
  });
  expect(res.status).toBe(200);
  const token = res.body[0]?.text.match(/\/calendar-integration\/invite\/([A-Za-z0-9_-]+)\/authorize/)?.[1];
  if (!token) throw new Error(`no invitation link in the outbox for ${email}`);
  return token;
}

async function invitedToken(professionalId: string, email: string, validityHours = 48): Promise<string> {
  const res = await invite(professionalId, { validityHours });
  expect(res.body.emailSent).toBe(true);
  return tokenFromOutbox(email);
}

function tokenStatus(token: string) {
  return server.request<CalendarTokenStatus>("GET", `/calendar-integration/invite/${token}/status`);
}

function authorize(token: string) {
  return server.request<CalendarAuthorizeResult & { message?: string }>(
    "POST",
    `/calendar-integration/invite/${token}/authorize`,
  );
}

/** Google's consent as the browser goes through it: the fake answers with a redirect to our callback. */
async function callbackFromGoogle(authorizationUrl: string): Promise<string> {
  const res = await fetch(authorizationUrl, { redirect: "manual" });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location") ?? "");
  expect(location.pathname).toBe("/oauth2/callback/google-calendar");
  return location.pathname + location.search;
}

/** Our callback's redirect: the success page or the error page with its query. */
async function finishConsent(callbackPath: string): Promise<URL> {
  const res = await server.request("GET", callbackPath);
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location") ?? "");
}

/** The whole consent of an invitation, as `account` (default the professional's own e-mail). */
async function consent(token: string, account: string): Promise<URL> {
  fake.account = account;
  const authorized = await authorize(token);
  expect(authorized.status).toBe(200);
  expect(authorized.body.authorizationUrl).toBeTruthy();
  return finishConsent(await callbackFromGoogle(authorized.body.authorizationUrl ?? ""));
}

/** A professional whose calendar is connected through the real invitation flow. */
async function connectedProfessional() {
  const pro = await bookableProfessional();
  const done = await consent(await invitedToken(pro.id, pro.email), pro.email);
  expect(done.pathname).toBe("/calendar-integration/success");
  return pro;
}

function expectError(url: URL, reason: string | null, professionalId?: string) {
  expect(url.pathname).toBe("/calendar-integration/error");
  expect(url.searchParams.get("reason")).toBe(reason);
  if (professionalId) expect(url.searchParams.get("professional")).toBe(professionalId);
}

async function connectionOf(professionalId: string) {
  const [row] = await server.api.database.db
    .select()
    .from(schema.calendarConnections)
    .where(eq(schema.calendarConnections.professionalId, professionalId));
  return row;
}

function book(pro: { id: string; service: string }, scheduledAt: string) {
  return server.request<Appointment & { message?: string }>("POST", "/appointments", {
    as: a.actor,
    body: {
      clientId: catalogue.client,
      professionalId: pro.id,
      establishmentId: catalogue.sede,
      scheduledAt,
      offeredServices: [pro.service],
      observations: "Trazer exames",
    },
  });
}

function update(appointment: Appointment, changes: Record<string, unknown>) {
  return server.request<Appointment & { message?: string }>("PUT", `/appointments/${appointment.id}`, {
    as: a.actor,
    body: {
      clientId: appointment.clientId,
      professionalId: appointment.professionalId,
      establishmentId: appointment.establishmentId,
      scheduledAt: appointment.scheduledAt,
      offeredServices: appointment.offeredServices.map((s) => s.offeredServiceId),
      observations: appointment.observations,
      status: appointment.status,
      ...changes,
    },
  });
}

const eventId = (appointmentId: string) => `atd${appointmentId.replace(/-/g, "")}`;

/** Runs what the job queue has due now, then again after every retry's backoff has passed. */
async function runJobs(): Promise<void> {
  await server.jobs.runDue();
}

// ─── Invitations ─────────────────────────────────────────────────────────────────────────────────────────────

describe("a calendar invitation", () => {
  it("is e-mailed to the professional, and the consent connects their calendar with the grant encrypted", async () => {
    const pro = await professional();
    expect(await calendarStatus(pro.id)).toEqual({
      hasGoogleCalendar: false,
      hasPendingInvitations: false,
      connectionBroken: false,
      googleEmail: null,
      pendingInvitationExpiresAt: null,
      calendarSyncAvailable: true,
    });

    const created = await invite(pro.id);
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ emailSent: true, expiresAt: "2030-03-03T12:00:00-03:00", error: null });

    const mail = await server.request<{ subject: string; text: string; html: string }[]>(
      "GET",
      "/dev/outbox",
      {
        query: { to: pro.email },
      },
    );
    expect(mail.body).toHaveLength(1);
    expect(mail.body[0]?.subject).toContain("Clínica Sorriso");
    expect(mail.body[0]?.text).toContain("até 03/03/2030 12:00");
    const token = await tokenFromOutbox(pro.email);
    expect(mail.body[0]?.text).toContain(
      `http://localhost:3000/calendar-integration/invite/${token}/authorize`,
    );

    expect(await calendarStatus(pro.id)).toMatchObject({
      hasGoogleCalendar: false,
      hasPendingInvitations: true,
      pendingInvitationExpiresAt: "2030-03-03T12:00:00-03:00",
    });
    expect((await tokenStatus(token)).body).toEqual({
      exists: true,
      isExpired: false,
      isUsed: false,
      isValid: true,
    });

    fake.account = pro.email;
    const authorized = await authorize(token);
    expect(authorized.status).toBe(200);
    expect(authorized.body.hasGoogleCalendar).toBe(false);
    const consentUrl = new URL(authorized.body.authorizationUrl ?? "");
    expect(consentUrl.origin + consentUrl.pathname).toBe(fake.authorizationEndpoint);
    const q = consentUrl.searchParams;
    expect(q.get("scope")?.split(" ").sort()).toEqual(
      ["email", "https://www.googleapis.com/auth/calendar.events", "openid"].sort(),
    );
    expect(q.get("access_type")).toBe("offline");
    expect(q.get("prompt")).toBe("consent");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("login_hint")).toBe(pro.email);
    expect(q.get("redirect_uri")).toBe("http://localhost:3000/oauth2/callback/google-calendar");

    const callback = await callbackFromGoogle(consentUrl.toString());
    const done = await finishConsent(callback);
    expect(done.origin + done.pathname).toBe("http://localhost:3000/calendar-integration/success");
    expect(done.searchParams.get("professional")).toBe(pro.id);

    const row = await connectionOf(pro.id);
    expect(row).toMatchObject({ googleEmail: pro.email, calendarId: "primary", brokenAt: null });
    const refreshToken = decryptSecret(testConfig.calendar.encryptionKey, row?.refreshTokenEncrypted ?? "", {
      tenantId: a.tenantId,
      professionalId: pro.id,
    });
    expect(refreshToken).toMatch(/^1\/\//);
    expect(row?.refreshTokenEncrypted).not.toContain(refreshToken);
    expect(row?.refreshTokenEncrypted).not.toContain(refreshToken.slice(3, 20));

    expect(await calendarStatus(pro.id)).toMatchObject({
      hasGoogleCalendar: true,
      hasPendingInvitations: false,
      connectionBroken: false,
      googleEmail: pro.email,
    });
    expect((await tokenStatus(token)).body).toEqual({
      exists: true,
      isExpired: false,
      isUsed: true,
      isValid: false,
    });
    // Single use: the link cannot start a consent again, and the same callback replayed is refused.
    expect(await authorize(token)).toMatchObject({
      status: 409,
      body: { message: "Token de convite já foi utilizado" },
    });
    expectError(await finishConsent(callback), "invalid-invitation", pro.id);
    // Connected: the dialog offers no invitation, and the API refuses one.
    expect(await invite(pro.id)).toMatchObject({
      status: 409,
      body: { message: "O Google Calendar deste profissional já está sincronizado." },
    });
  });

  it("refuses a professional without an e-mail with the spec's text, leaving no invitation", async () => {
    const pro = await professional(null);
    const res = await invite(pro.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      emailSent: false,
      expiresAt: null,
      error: "Profissional não possui email cadastrado.",
    });
    const rows = await server.api.database.db
      .select()
      .from(schema.calendarInvitations)
      .where(eq(schema.calendarInvitations.professionalId, pro.id));
    expect(rows).toEqual([]);
    expect((await calendarStatus(pro.id)).hasPendingInvitations).toBe(false);
  });

  it("is a 404 for another tenant's professional, and for an unknown one", async () => {
    const pro = await professional();
    const asB = { as: b.actor };
    expect((await server.request("GET", `/professionals/${pro.id}/calendar/status`, asB)).status).toBe(404);
    const other = await server.request("POST", `/professionals/${pro.id}/calendar/generate-invitation`, {
      ...asB,
      body: {},
    });
    expect(other).toMatchObject({ status: 404, body: { message: "Profissional não encontrado" } });
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(
      (await server.request("GET", `/professionals/${unknown}/calendar/status`, { as: a.actor })).status,
    ).toBe(404);
    expect((await server.request("GET", `/professionals/${pro.id}/calendar/status`)).status).toBe(401);
  });

  it("supersedes the professional's open invitation with a new one", async () => {
    const pro = await professional();
    const first = await invitedToken(pro.id, pro.email);
    const second = await invitedToken(pro.id, pro.email);
    expect(first).not.toBe(second);
    expect((await tokenStatus(first)).body).toMatchObject({ isUsed: true, isValid: false });
    expect((await tokenStatus(second)).body).toMatchObject({ isUsed: false, isValid: true });
  });

  it("answers the token's status in the order not found, expired, used, invalid", async () => {
    expect((await tokenStatus("desconhecido")).body).toEqual({
      exists: false,
      isExpired: false,
      isUsed: false,
      isValid: false,
    });
    expect((await tokenStatus("A".repeat(43))).body.exists).toBe(false);
    expect(await authorize("A".repeat(43))).toMatchObject({
      status: 404,
      body: { message: "Token de convite não encontrado" },
    });

    const pro = await professional();
    const token = await invitedToken(pro.id, pro.email, 1);
    try {
      server.api.setNow(new Date(NOW.getTime() + HOUR));
      expect((await tokenStatus(token)).body).toEqual({
        exists: true,
        isExpired: true,
        isUsed: false,
        isValid: false,
      });
      expect(await authorize(token)).toMatchObject({
        status: 409,
        body: { message: "Token de convite expirado" },
      });
    } finally {
      server.api.setNow(NOW);
    }

    const used = await professional();
    const usedToken = await invitedToken(used.id, used.email);
    await invitedToken(used.id, used.email);
    expect((await tokenStatus(usedToken)).body).toEqual({
      exists: true,
      isExpired: false,
      isUsed: true,
      isValid: false,
    });
    expect(await authorize(usedToken)).toMatchObject({
      status: 409,
      body: { message: "Token de convite já foi utilizado" },
    });

    // Invalid: unexpired and unused, but its professional is gone.
    const gone = await professional();
    const goneToken = await invitedToken(gone.id, gone.email);
    expect((await server.request("DELETE", `/professionals/${gone.id}`, { as: a.actor })).status).toBe(204);
    expect((await tokenStatus(goneToken)).body).toEqual({
      exists: true,
      isExpired: false,
      isUsed: false,
      isValid: false,
    });
    expect(await authorize(goneToken)).toMatchObject({
      status: 409,
      body: { message: "Token de convite inválido" },
    });
  });

  it("refuses bad input with a pt-BR 400 and changes nothing", async () => {
    const pro = await professional();
    const validity = "Validade do convite deve ser um número inteiro de horas entre 1 e 168";
    for (const validityHours of [0, 169, "48", 1.5, 1e308, -1, true]) {
      const res = await invite(pro.id, { validityHours });
      expect(res, String(validityHours)).toMatchObject({ status: 400, body: { message: validity } });
    }
    expect(await invite(pro.id, { purpose: "CALENDAR\u0000SYNC" })).toMatchObject({
      status: 400,
      body: { message: "Texto contém caracteres inválidos" },
    });
    expect(await invite(pro.id, { purpose: "x".repeat(51) })).toMatchObject({ status: 400 });
    expect((await server.request("GET", "/professionals/abc/calendar/status", { as: a.actor })).status).toBe(
      400,
    );
    expect((await tokenStatus("abc%00def")).status).toBe(400);
    expect((await tokenStatus("x".repeat(600))).status).toBe(400);
    expect((await authorize("x".repeat(600))).status).toBe(400);
    expect((await calendarStatus(pro.id)).hasPendingInvitations).toBe(false);
    // Defaults: a bodiless request is the spec's 48-hour CALENDAR_SYNC invitation.
    const res = await server.request<CalendarInvitationResult>(
      "POST",
      `/professionals/${pro.id}/calendar/generate-invitation`,
      { as: a.actor },
    );
    expect(res.body).toMatchObject({ emailSent: true, expiresAt: "2030-03-03T12:00:00-03:00" });
  });
});

describe("the consent's callback", () => {
  it("connects nothing and says why, with each of the spec's reason codes", async () => {
    // missing-invitation-token: no state, or one that is not ours.
    expectError(await finishConsent("/oauth2/callback/google-calendar?code=abc"), "missing-invitation-token");
    expectError(
      await finishConsent("/oauth2/callback/google-calendar?code=abc&state=eyJhbGciOiJIUzI1NiJ9.e30.forjado"),
      "missing-invitation-token",
    );

    const pro = await professional();
    let token = await invitedToken(pro.id, pro.email);

    // email-mismatch (retryable: the invitation stays open).
    expectError(await consent(token, "outra.conta@exemplo.test"), "email-mismatch", pro.id);
    // scope-denied: the calendar's box unticked on Google's page.
    fake.grantScopes = ["openid", "email"];
    try {
      expectError(await consent(token, pro.email), "scope-denied", pro.id);
    } finally {
      fake.grantScopes = undefined;
    }
    // no-token: Google gave no refresh token, or no code at all.
    fake.giveRefreshToken = false;
    try {
      expectError(await consent(token, pro.email), "no-token", pro.id);
    } finally {
      fake.giveRefreshToken = true;
    }
    fake.account = pro.email;
    const url = new URL((await authorize(token)).body.authorizationUrl ?? "");
    expectError(
      await finishConsent(`/oauth2/callback/google-calendar?state=${url.searchParams.get("state")}`),
      "no-token",
      pro.id,
    );
    // processing-failed: the code exchange fails.
    fake.failCodeExchange = true;
    expectError(await consent(token, pro.email), "processing-failed", pro.id);
    // The OAuth error itself when Google says no: no reason, error and description as Google sent them.
    fake.denyWith = "access_denied";
    try {
      const denied = await consent(token, pro.email);
      expectError(denied, null, pro.id);
      expect(denied.searchParams.get("error")).toBe("access_denied");
      expect(denied.searchParams.get("error_description")).toBe("The user denied access");
    } finally {
      fake.denyWith = undefined;
    }
    expect(await connectionOf(pro.id)).toBeUndefined();
    expect((await tokenStatus(token)).body.isValid).toBe(true);

    // invalid-invitation: superseded while the consent was under way.
    fake.account = pro.email;
    const pending = (await authorize(token)).body.authorizationUrl ?? "";
    token = await invitedToken(pro.id, pro.email);
    expectError(await finishConsent(await callbackFromGoogle(pending)), "invalid-invitation", pro.id);

    // invalid-invitation: expired while the consent was under way.
    const short = await invitedToken(pro.id, pro.email, 1);
    try {
      server.api.setNow(new Date(NOW.getTime() + HOUR / 2));
      const late = (await authorize(short)).body.authorizationUrl ?? "";
      server.api.setNow(new Date(NOW.getTime() + HOUR + 60_000));
      expectError(await finishConsent(await callbackFromGoogle(late)), "invalid-invitation", pro.id);
    } finally {
      server.api.setNow(NOW);
    }

    // professional-not-found: removed while the consent was under way.
    const goner = await professional();
    const goneToken = await invitedToken(goner.id, goner.email);
    fake.account = goner.email;
    const orphan = (await authorize(goneToken)).body.authorizationUrl ?? "";
    expect((await server.request("DELETE", `/professionals/${goner.id}`, { as: a.actor })).status).toBe(204);
    expectError(await finishConsent(await callbackFromGoogle(orphan)), "professional-not-found", goner.id);

    expect(await connectionOf(pro.id)).toBeUndefined();
    expect(await connectionOf(goner.id)).toBeUndefined();
  });
});

describe("without Google configured", () => {
  it("makes invitations, and the authorization says sync is not available here", async () => {
    const bare = await createTestServer();
    try {
      const tenant = await bare.api.seedTenant();
      const created = await bare.request<{ id: string }>("POST", "/professionals", {
        as: tenant.actor,
        body: { name: "Dr. Sem Google", specialty: "Clínica geral", email: "sem.google@exemplo.test" },
      });
      const status = await bare.request<CalendarStatus>(
        "GET",
        `/professionals/${created.body.id}/calendar/status`,
        {
          as: tenant.actor,
        },
      );
      expect(status.body.calendarSyncAvailable).toBe(false);
      const invited = await bare.request<CalendarInvitationResult>(
        "POST",
        `/professionals/${created.body.id}/calendar/generate-invitation`,
        { as: tenant.actor, body: { purpose: "CALENDAR_SYNC", validityHours: 48 } },
      );
      expect(invited.body.emailSent).toBe(true);
      const mail = await bare.request<{ text: string }[]>("GET", "/dev/outbox", {
        query: { to: "sem.google@exemplo.test" },
      });
      const token = mail.body[0]?.text.match(/invite\/([A-Za-z0-9_-]+)\/authorize/)?.[1] ?? "";
      const res = await bare.request("POST", `/calendar-integration/invite/${token}/authorize`);
      expect(res).toMatchObject({ status: 200, body: { hasGoogleCalendar: false, authorizationUrl: null } });
      const callback = await bare.request("GET", "/oauth2/callback/google-calendar?code=x&state=y");
      expect(new URL(callback.headers.get("location") ?? "").searchParams.get("reason")).toBe(
        "missing-invitation-token",
      );
      // No calendar job without Google: a booking enqueues nothing, no sweep is scheduled.
      const db = bare.api.database.db;
      const sede = await insertEstablishment(db, tenant.tenantId);
      const client = await insertClient(db, tenant.tenantId);
      const service = await insertService(db, tenant.tenantId, {
        duration: 30,
        professionals: [created.body.id],
        establishments: [sede.id],
      });
      const booked = await bare.request("POST", "/appointments", {
        as: tenant.actor,
        body: {
          clientId: client.id,
          professionalId: created.body.id,
          establishmentId: sede.id,
          scheduledAt: "2099-03-04T09:00:00-03:00",
          offeredServices: [service.id],
        },
      });
      expect(booked.status).toBe(201);
      await bare.jobs.runDue();
      const jobs = await bare.api.database.db.select({ name: schema.jobs.name }).from(schema.jobs);
      expect(jobs.filter((job) => job.name.startsWith("calendar."))).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});

// ─── Event sync ──────────────────────────────────────────────────────────────────────────────────────────────

describe("the professional's events", () => {
  it("are written once per appointment, through retries, and follow its moves, cancellation and deletion", async () => {
    const ana = await connectedProfessional();
    const bia = await connectedProfessional();
    await runJobs();

    const created = await book(ana, "2030-03-04T09:00:00-03:00");
    expect(created.status).toBe(201);
    const appointment = created.body;
    await runJobs();
    const events = fake.liveEvents(ana.email);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      id: eventId(appointment.id),
      summary: "Consulta – Maria Souza (Consulta)",
      location: "Rua das Flores, 100 - Centro",
      start: { dateTime: "2030-03-04T09:00:00-03:00", timeZone: "America/Sao_Paulo" },
      end: { dateTime: "2030-03-04T09:30:00-03:00", timeZone: "America/Sao_Paulo" },
    });
    expect(events[0]?.description).toContain("Telefone do paciente: 11987654321");
    expect(events[0]?.description).toContain("Observações: Trazer exames");

    // A write whose answer is lost: the retry meets its own event (409) and updates it. Still one event.
    fake.failNext(1, { afterApplying: true });
    const second = (await book(ana, "2030-03-04T10:00:00-03:00")).body;
    await runJobs();
    const [job] = await server.api.database.db
      .select()
      .from(schema.jobs)
      .where(eq(schema.jobs.singletonKey, `calendar:appointment:${second.id}`));
    expect(job?.lastError).toContain("503");
    try {
      server.api.setNow(new Date(NOW.getTime() + 20_000));
      await runJobs();
    } finally {
      server.api.setNow(NOW);
    }
    expect(fake.liveEvents(ana.email).filter((e) => e.id === eventId(second.id))).toHaveLength(1);
    expect(fake.liveEvents(ana.email)).toHaveLength(2);

    // A write refused before it was applied: retried, written once.
    fake.failNext(1);
    const third = (await book(ana, "2030-03-04T11:00:00-03:00")).body;
    await runJobs();
    expect(fake.liveEvents(ana.email).map((e) => e.id)).not.toContain(eventId(third.id));
    try {
      server.api.setNow(new Date(NOW.getTime() + 20_000));
      await runJobs();
    } finally {
      server.api.setNow(NOW);
    }
    expect(fake.events(ana.email).filter((e) => e.id === eventId(third.id))).toHaveLength(1);

    // Moved: the same event, at the new time.
    const moved = await update(appointment, { scheduledAt: "2030-03-05T08:00:00-03:00" });
    expect(moved.status).toBe(200);
    await runJobs();
    const after = fake.liveEvents(ana.email).filter((e) => e.id === eventId(appointment.id));
    expect(after).toHaveLength(1);
    expect(after[0]?.start?.dateTime).toBe("2030-03-05T08:00:00-03:00");

    // Moved to another professional: deleted from the first calendar, written to the second.
    await update(moved.body, { professionalId: bia.id, offeredServices: [bia.service] });
    await runJobs();
    expect(fake.liveEvents(ana.email).map((e) => e.id)).not.toContain(eventId(appointment.id));
    expect(fake.liveEvents(bia.email).map((e) => e.id)).toEqual([eventId(appointment.id)]);

    // Cancelled: deleted, and the map forgets it.
    const current = (
      await server.request<Appointment>("GET", `/appointments/${appointment.id}`, { as: a.actor })
    ).body;
    await update(current, { status: "CANCELED" });
    await runJobs();
    expect(fake.liveEvents(bia.email)).toEqual([]);
    const map = await server.api.database.db
      .select()
      .from(schema.calendarEvents)
      .where(eq(schema.calendarEvents.appointmentId, appointment.id));
    expect(map).toEqual([]);

    // Deleted: deleted too.
    expect((await server.request("DELETE", `/appointments/${second.id}`, { as: a.actor })).status).toBe(204);
    await runJobs();
    expect(fake.liveEvents(ana.email).map((e) => e.id)).toEqual([eventId(third.id)]);
  });

  it("heals what no job was enqueued for: the sweep finds appointments without their event", async () => {
    const carla = await connectedProfessional();
    await runJobs();
    // Written straight to the database: as if the server stopped between the commit and the enqueue.
    const [row] = await server.api.database.db
      .insert(schema.appointments)
      .values({
        tenantId: a.tenantId,
        clientId: catalogue.client,
        professionalId: carla.id,
        establishmentId: catalogue.sede,
        scheduledAt: new Date("2030-03-06T08:00:00-03:00"),
        endsAt: new Date("2030-03-06T08:30:00-03:00"),
      })
      .returning();
    await runJobs();
    expect(fake.liveEvents(carla.email)).toEqual([]);
    try {
      // The sweep runs every few minutes.
      server.api.setNow(new Date(NOW.getTime() + 6 * 60_000));
      await runJobs();
    } finally {
      server.api.setNow(NOW);
    }
    expect(fake.liveEvents(carla.email).map((e) => e.id)).toEqual([eventId(row?.id ?? "")]);
  });
});

// ─── Busy time ───────────────────────────────────────────────────────────────────────────────────────────────

describe("busy time in the professional's calendar", () => {
  it("blocks the free slots, the check and the booking, never the professional's own appointment", async () => {
    const dora = await connectedProfessional();
    await runJobs();
    fake.addEvent(dora.email, { start: "2030-03-07T09:00:00-03:00", end: "2030-03-07T10:00:00-03:00" });
    fake.addEvent(dora.email, {
      start: "2030-03-07T11:00:00-03:00",
      end: "2030-03-07T12:00:00-03:00",
      transparency: "transparent",
    });

    const slots = await server.request<FreeSlot[]>("GET", "/appointments/free-slots", {
      as: a.actor,
      query: {
        offeredServices: dora.service,
        startDate: "2030-03-07",
        endDate: "2030-03-07",
        professionalId: dora.id,
      },
    });
    expect(slots.status).toBe(200);
    const starts = slots.body.map((s) => s.start.slice(11, 16));
    expect(starts).toContain("08:30");
    expect(starts).not.toContain("08:35");
    expect(starts).not.toContain("09:00");
    expect(starts).not.toContain("09:55");
    expect(starts).toContain("10:00");
    expect(starts).toContain("11:00"); // a 'free' (transparent) event blocks nothing

    const check = await server.request<AvailabilityCheckResult>("GET", "/appointments/availability-check", {
      as: a.actor,
      query: {
        professionalId: dora.id,
        establishmentId: catalogue.sede,
        scheduledAt: "2030-03-07T09:15:00-03:00",
        offeredServices: dora.service,
      },
    });
    expect(check.body).toMatchObject({
      status: "CONFLICT",
      message: "Conflito com evento na agenda do profissional (09:00 - 10:00)",
    });

    const refused = await book(dora, "2030-03-07T08:45:00-03:00");
    expect(refused).toMatchObject({
      status: 409,
      body: { message: "Conflito com evento na agenda do profissional (09:00 - 10:00)" },
    });

    // Our own event never blocks its appointment: written, then moved onto part of its own old range.
    const own = (await book(dora, "2030-03-07T10:00:00-03:00")).body;
    await runJobs();
    expect(fake.liveEvents(dora.email).map((e) => e.id)).toContain(eventId(own.id));
    const moved = await update(own, { scheduledAt: "2030-03-07T10:15:00-03:00" });
    expect(moved.status).toBe(200);
  });

  it("meets a waitlist offer's acceptance: a slot busy in the calendar is refused and the offer stays open", async () => {
    const fia = await connectedProfessional();
    const db = server.api.database.db;
    // Offers go out for a tenant with minutes (docs/decisions/0046-waitlist.md).
    await db.insert(schema.minuteGrants).values({
      tenantId: a.tenantId,
      source: "PACK",
      key: `pack:${crypto.randomUUID()}`,
      minutes: 100,
      startsAt: new Date("2030-01-01T00:00:00Z"),
    });
    // Written straight to the table: no busy time is read (and remembered) for the day before the event exists.
    const taken = await insertAppointment(db, a.tenantId, {
      clientId: catalogue.client,
      professionalId: fia.id,
      establishmentId: catalogue.sede,
      scheduledAt: new Date("2030-03-12T09:00:00-03:00"),
      status: "SCHEDULED",
      services: [{ id: fia.service, name: "Consulta", duration: 30 }],
    });
    fake.addEvent(fia.email, { start: "2030-03-12T09:10:00-03:00", end: "2030-03-12T09:40:00-03:00" });
    const patient = await insertClient(db, a.tenantId, "Paula Espera");
    const wish = await server.request("POST", "/waitlist", {
      as: a.actor,
      body: {
        clientId: patient.id,
        offeredServiceId: fia.service,
        professionalId: fia.id,
        fromDate: "2030-03-12",
        untilDate: "2030-03-12",
      },
    });
    expect(wish.status).toBe(201);
    expect((await server.request("DELETE", `/appointments/${taken.id}`, { as: a.actor })).status).toBe(204);
    await runJobs();
    const offerOf = async () =>
      (await server.request<WaitlistEntry[]>("GET", "/waitlist", { as: a.actor })).body.find(
        (entry) => entry.clientId === patient.id,
      )?.offer;
    const offer = await offerOf();
    // The offer job does not read the calendar (decision 0046): the slot is offered, and accepting it meets the event.
    expect(offer).toMatchObject({ startsAt: "2030-03-12T09:00:00-03:00" });
    const refused = await server.request("POST", `/waitlist/offers/${offer?.id}/accept`, { as: a.actor });
    expect(refused).toMatchObject({
      status: 409,
      body: { message: "Conflito com evento na agenda do profissional (09:10 - 09:40)" },
    });
    expect(await offerOf()).toEqual(offer);
  });

  it("reaches the voice agent's offers (the same procedures, with the agent's credential)", async () => {
    const eva = await connectedProfessional();
    await runJobs();
    fake.addEvent(eva.email, { start: "2030-03-08T08:00:00-03:00", end: "2030-03-08T11:00:00-03:00" });
    const agent = createCallerFactory(appRouter)({
      ...server.api.contextFor(null),
      agent: { tenantId: a.tenantId, callId: crypto.randomUUID(), voiceAgentId: crypto.randomUUID() },
    });
    const slots = await agent.appointments.freeSlots({
      offeredServices: [eva.service],
      startDate: "2030-03-08",
      endDate: "2030-03-08",
      professionalId: eva.id,
    });
    expect(slots.map((s) => s.start.slice(11, 16))[0]).toBe("11:00");
  });

  it("does not hold a booking hostage when Google is down or does not answer", async () => {
    const fabi = await connectedProfessional();
    await runJobs();
    fake.addEvent(fabi.email, { start: "2030-03-11T09:00:00-03:00", end: "2030-03-11T10:00:00-03:00" });
    fake.calendarDown = true;
    try {
      expect((await book(fabi, "2030-03-11T09:00:00-03:00")).status).toBe(201);
    } finally {
      fake.calendarDown = false;
    }
    fake.addEvent(fabi.email, { start: "2030-03-12T09:00:00-03:00", end: "2030-03-12T10:00:00-03:00" });
    fake.calendarHangs = true;
    try {
      expect((await book(fabi, "2030-03-12T09:00:00-03:00")).status).toBe(201);
    } finally {
      fake.calendarHangs = false;
    }
    expect((await connectionOf(fabi.id))?.brokenAt).toBeNull();
  });
});

// ─── A revoked grant ─────────────────────────────────────────────────────────────────────────────────────────

describe("a revoked grant", () => {
  it("breaks the connection, the dashboard says so, and a new invitation repairs it", async () => {
    const gabi = await connectedProfessional();
    await runJobs();
    fake.revoke(gabi.email);

    // The next write finds the grant refused: the connection is broken and the job ends (nothing to retry).
    const appointment = (await book(gabi, "2030-03-13T08:00:00-03:00")).body;
    await runJobs();
    const [job] = await server.api.database.db
      .select()
      .from(schema.jobs)
      .where(eq(schema.jobs.singletonKey, `calendar:appointment:${appointment.id}`));
    expect(job?.doneAt).not.toBeNull();
    expect((await connectionOf(gabi.id))?.brokenReason).toBe("invalid_grant");
    expect(await calendarStatus(gabi.id)).toMatchObject({
      hasGoogleCalendar: false,
      connectionBroken: true,
      googleEmail: gabi.email,
    });
    // Bookings go on (no busy time from a broken grant).
    expect((await book(gabi, "2030-03-13T09:00:00-03:00")).status).toBe(201);

    // A new invitation and consent repair it, and the appointments reach the calendar.
    const done = await consent(await invitedToken(gabi.id, gabi.email), gabi.email);
    expect(done.pathname).toBe("/calendar-integration/success");
    expect(await calendarStatus(gabi.id)).toMatchObject({ hasGoogleCalendar: true, connectionBroken: false });
    await runJobs();
    expect(
      fake
        .liveEvents(gabi.email)
        .map((e) => e.start?.dateTime)
        .sort(),
    ).toEqual(["2030-03-13T08:00:00-03:00", "2030-03-13T09:00:00-03:00"]);
  });

  it("is found by the busy-time read too", async () => {
    const hana = await connectedProfessional();
    await runJobs();
    fake.revoke(hana.email);
    const check = await server.request<AvailabilityCheckResult>("GET", "/appointments/availability-check", {
      as: a.actor,
      query: {
        professionalId: hana.id,
        establishmentId: catalogue.sede,
        scheduledAt: "2030-03-14T09:00:00-03:00",
        offeredServices: hana.service,
      },
    });
    expect(check.body.status).toBe("AVAILABLE");
    expect((await calendarStatus(hana.id)).connectionBroken).toBe(true);
  });
});

// ─── WhatsApp replies (decision 0050) ─────────────────────────────────────────────────────────────────────────

describe("busy time meets the WhatsApp replies that book or move", () => {
  const wa = "5511987654321"; // insertClient's phone
  const webhook = `/webhooks/whatsapp/${"{tenant}"}`;
  const deliverTo = (url: string, init: RequestInit) =>
    Promise.resolve(server.app.request(new URL(url).pathname, init));
  const tap = (payload: string) =>
    whatsapp.reply(
      `https://atende.test${webhook.replace("{tenant}", a.tenantId)}`,
      { from: wa, payload },
      {
        deliver: deliverTo,
      },
    );
  const lastAnswer = () => whatsapp.messages.filter((m) => m.to === wa).at(-1)?.body;

  beforeAll(async () => {
    await a.api.confirmations.setWhatsapp({
      phoneNumberId: whatsapp.phoneNumberId,
      accessToken: whatsapp.accessToken,
      appSecret: whatsapp.appSecret,
    });
  });

  it("'Remarcar' lists no busy time, and a chosen time busy in the calendar is refused", async () => {
    const ivo = await connectedProfessional();
    await runJobs();
    const db = server.api.database.db;
    const appointment = (await book(ivo, "2030-03-05T10:00:00-03:00")).body;
    await runJobs();
    // Monday 08:00-10:00 (the first free times of the list's fortnight) and Tuesday 11:00 are busy in Google.
    fake.addEvent(ivo.email, { start: "2030-03-04T08:00:00-03:00", end: "2030-03-04T10:00:00-03:00" });
    fake.addEvent(ivo.email, { start: "2030-03-05T11:00:00-03:00", end: "2030-03-05T11:30:00-03:00" });
    const [send] = await db
      .insert(schema.confirmationSends)
      .values({
        tenantId: a.tenantId,
        appointmentId: appointment.id,
        channel: "WHATSAPP",
        forDate: "2030-03-05",
        status: "SENT",
        attempts: 1,
        lastAttemptAt: NOW,
      })
      .returning();
    expect((await tap(`REMARCAR:${send?.id}`)).status).toBe(200);
    const rows = (lastAnswer() as { interactive: { action: { sections: { rows: { id: string }[] }[] } } })
      .interactive.action.sections[0]?.rows;
    const listed = (rows ?? []).map((row) => row.id.split(":")[2]).filter((key) => key !== undefined);
    expect(listed).toHaveLength(3);
    for (const key of listed) expect(key < "203003040800" || key >= "203003041000").toBe(true);

    await tap(`HORARIO:${send?.id}:203003051100`);
    expect(lastAnswer()).toMatchObject({
      type: "text",
      text: { body: expect.stringContaining("acabou de ser ocupado") },
    });
    const after = await server.request<Appointment>("GET", `/appointments/${appointment.id}`, {
      as: a.actor,
    });
    expect(after.body.scheduledAt).toBe("2030-03-05T10:00:00-03:00");
  });

  it("an offer's 'Aceitar' on a slot busy in the calendar is refused and the offer stays open", async () => {
    const jo = await connectedProfessional();
    const db = server.api.database.db;
    await db.insert(schema.minuteGrants).values({
      tenantId: a.tenantId,
      source: "PACK",
      key: `pack:${crypto.randomUUID()}`,
      minutes: 100,
      startsAt: new Date("2030-01-01T00:00:00Z"),
    });
    const taken = await insertAppointment(db, a.tenantId, {
      clientId: catalogue.client,
      professionalId: jo.id,
      establishmentId: catalogue.sede,
      scheduledAt: new Date("2030-03-19T09:00:00-03:00"),
      status: "SCHEDULED",
      services: [{ id: jo.service, name: "Consulta", duration: 30 }],
    });
    fake.addEvent(jo.email, { start: "2030-03-19T09:10:00-03:00", end: "2030-03-19T09:40:00-03:00" });
    const patient = await insertClient(db, a.tenantId, "Olga Espera");
    const wish = await server.request("POST", "/waitlist", {
      as: a.actor,
      body: {
        clientId: patient.id,
        offeredServiceId: jo.service,
        professionalId: jo.id,
        fromDate: "2030-03-19",
        untilDate: "2030-03-19",
      },
    });
    expect(wish.status).toBe(201);
    expect((await server.request("DELETE", `/appointments/${taken.id}`, { as: a.actor })).status).toBe(204);
    await runJobs();
    const offerOf = async () =>
      (await server.request<WaitlistEntry[]>("GET", "/waitlist", { as: a.actor })).body.find(
        (entry) => entry.clientId === patient.id,
      )?.offer;
    const offer = await offerOf();
    expect(offer).toMatchObject({ startsAt: "2030-03-19T09:00:00-03:00" });
    expect((await tap(`ACEITAR:${offer?.id}`)).status).toBe(200);
    expect(lastAnswer()).toMatchObject({
      type: "text",
      text: { body: expect.stringContaining("não está mais disponível") },
    });
    expect(await offerOf()).toEqual(offer);
    const booked = await db
      .select()
      .from(schema.appointments)
      .where(eq(schema.appointments.clientId, patient.id));
    expect(booked).toEqual([]);
  });
});
