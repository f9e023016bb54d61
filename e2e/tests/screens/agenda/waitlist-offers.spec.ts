// Waitlist offers (issue 23 part 4; docs/decisions/0046-waitlist.md): a cancelled appointment's slot offered to the
// waitlist shows on the agenda as 'Reservado para lista de espera' with its expiry; the waitlist page shows the
// offer, and 'Aceitar' books it for the patient: the agenda then shows her appointment and no hold.
import { expect, test } from "@playwright/test";
import { arrangeTrial } from "../billing/billing-helpers";
import { apiAs, expectNoSeriousA11yViolations, expectNoSideways, signInNewAccount, toasts } from "../helpers";

const DAY_MS = 86_400_000;
const todaySp = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const br = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

test("a freed slot held for the waitlist shows on the agenda, and accepting the offer books it", async ({
  page,
  request,
  baseURL,
}) => {
  const email = await signInNewAccount(page, "Olga Ofertas");
  const call = apiAs(request, baseURL, email);
  // Offers go out only for a tenant with minutes: a trial.
  await arrangeTrial(call, request, "pack250-monthly");
  const establishment = await call<{ id: string }>("POST", "/establishments", {
    name: "Clínica Centro",
    address: "Rua das Flores, 100 - Centro",
  });
  const professional = await call<{ id: string }>("POST", "/professionals", {
    name: "Dra. Helena",
    specialty: "Dermatologia",
  });
  const service = await call<{ id: string }>("POST", "/offered-services", {
    name: "Consulta",
    duration: 30,
    availableEstablishments: [establishment.id],
    allowedProfessionals: [professional.id],
  });
  const carla = await call<{ id: string }>("POST", "/clients", {
    fullName: "Carla Cancela",
    phoneNumber: "(11) 98888-7777",
  });
  const marta = await call<{ id: string }>("POST", "/clients", {
    fullName: "Marta Espera",
    phoneNumber: "(11) 97777-6666",
  });

  // Next week's Wednesday, 10:00: always ahead, in the week 'Próxima semana' shows.
  const anchor = addDays(todaySp(), 7);
  const wednesday = addDays(anchor, 3 - weekday(anchor));
  await call("POST", "/availabilities", {
    professionalId: professional.id,
    establishmentId: establishment.id,
    slot: { start: `${wednesday}T08:00:00-03:00`, end: `${wednesday}T18:00:00-03:00` },
    pattern: { type: "MANUAL_DATES", dates: [wednesday] },
    exceptions: [],
    notes: null,
  });
  const booking = {
    clientId: carla.id,
    professionalId: professional.id,
    establishmentId: establishment.id,
    scheduledAt: `${wednesday}T10:00:00-03:00`,
    offeredServices: [service.id],
    observations: null,
  };
  const appointment = await call<{ id: string }>("POST", "/appointments", booking);
  await call("POST", "/waitlist", {
    clientId: marta.id,
    offeredServiceId: service.id,
    professionalId: null,
    fromDate: wednesday,
    untilDate: wednesday,
    dayPart: "MORNING",
  });
  // The clinic holds offers for 30 minutes instead of 15.
  await page.goto("/dashboard/agendas/lista-espera");
  const settings = page.getByRole("form", { name: "Ofertas de horários liberados" });
  const holdField = settings.getByLabel("Reserva da oferta (minutos)");
  await expect(holdField).toHaveValue("15", { timeout: 30_000 });
  await holdField.fill("3");
  await settings.getByRole("button", { name: "Salvar" }).click();
  await expect(settings.getByText("Tempo de reserva deve ser de 5 a 120 minutos")).toBeVisible();
  await holdField.fill("30");
  await settings.getByRole("button", { name: "Salvar" }).click();
  await expect(toasts(page).getByText("Tempo de reserva salvo")).toBeVisible();
  expect(await call<{ holdMinutes: number }>("GET", "/waitlist/settings")).toEqual({ holdMinutes: 30 });

  // Carla cancels. The offer job makes the hold inside the contact window (09:00-19:00, Monday to Saturday); the
  // development path makes the same offer now, whatever the hour, or meets the hold the job already made.
  await call("PUT", `/appointments/${appointment.id}`, { ...booking, status: "CANCELED" });
  const madeAt = Date.now();
  const { outcome } = await call<{ outcome: string }>(
    "POST",
    `/dev/appointments/${appointment.id}/offer-freed-slot`,
  );
  expect(["offered", "held"]).toContain(outcome);

  await page.goto("/dashboard/agendas");
  await expect(page.getByRole("heading", { name: "Agendas", exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Próxima semana" }).click();
  const hold = page.getByRole("button", {
    name: new RegExp(
      `^Reservado para lista de espera: Marta Espera, ${br(wednesday)} 10:00 - 10:30, até \\d{2}:\\d{2}$`,
    ),
  });
  await expect(hold).toBeVisible();
  await expect(hold).toContainText("Reservado para lista de espera (até");
  await expectNoSeriousA11yViolations(page);

  // A hold is answered on the waitlist page.
  await hold.click();
  await expect(page).toHaveURL(/\/dashboard\/agendas\/lista-espera$/);
  const card = page.getByRole("article", { name: "Marta Espera" });
  await expect(card).toContainText("Vaga oferecida", { timeout: 30_000 });
  const offer = card.getByRole("region", { name: "Oferta para Marta Espera" });
  await expect(offer).toContainText(`${br(wednesday)}, 10:00 - 10:30 com Dra. Helena (Clínica Centro)`);
  // Held for the clinic's 30 minutes from when the offer was made.
  const offered = await call<{ clientId: string; offer: { expiresAt: string } | null }[]>("GET", "/waitlist");
  const expiresAt = offered.find((entry) => entry.clientId === marta.id)?.offer?.expiresAt ?? "";
  expect(Date.parse(expiresAt) - madeAt).toBeGreaterThanOrEqual(29 * 60_000);
  expect(Date.parse(expiresAt) - madeAt).toBeLessThanOrEqual(31 * 60_000);
  await expect(offer).toContainText(`Reservado até ${expiresAt.slice(11, 16)}`);
  await expect(offer).toContainText("avise o paciente");
  await expectNoSeriousA11yViolations(page);
  // The offer and its buttons fit a 375 px phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(offer.getByRole("button", { name: "Recusar" })).toBeVisible();
  await expectNoSideways(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await offer.getByRole("button", { name: "Aceitar" }).click();
  await expect(toasts(page).getByText("Horário agendado para Marta Espera")).toBeVisible();
  await expect(card).toContainText("Agendado");
  await expect(card).toContainText("Agendado a partir de uma oferta da lista de espera.");
  await expect(card.getByRole("region", { name: "Oferta para Marta Espera" })).toHaveCount(0);

  // The agenda: Marta's appointment at 10:00, no hold any more.
  await page.goto("/dashboard/agendas");
  await page.getByRole("button", { name: "Próxima semana" }).click();
  await expect(
    page.getByRole("button", { name: `Agendamento: Marta Espera, ${br(wednesday)} 10:00 - 10:30` }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /^Reservado para lista de espera/ })).toHaveCount(0);
});
