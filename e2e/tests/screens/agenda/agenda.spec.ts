import { expect, type Page, test } from "@playwright/test";
import { apiAs, expectNoSeriousA11yViolations, signInNewAccount, toasts } from "../helpers";

const DAY_MS = 86_400_000;

/** Today's São Paulo date, and date arithmetic on `yyyy-MM-dd` (UTC noon avoids any offset edge). */
const todaySp = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const br = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

async function choose(page: Page, scope: ReturnType<Page["getByRole"]>, label: string, option: string) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("a weekly availability, a booking from an empty day, three views, a refused conflict and one occurrence edited", {
  tag: "@phone",
}, async ({ page, request, baseURL }) => {
  const email = await signInNewAccount(page, "Ana Agenda");
  const call = apiAs(request, baseURL, email);
  // The catalogues are not what this screen creates: arranged through the API.
  const establishment = await call<{ id: string }>("POST", "/establishments", {
    name: "Clínica Centro",
    address: "Rua das Flores, 100 - Centro",
  });
  const professional = await call<{ id: string }>("POST", "/professionals", {
    name: "Dra. Beatriz",
    specialty: "Cardiologia",
  });
  const service = await call<{ id: string }>("POST", "/offered-services", {
    name: "Consulta",
    duration: 30,
    availableEstablishments: [establishment.id],
    allowedProfessionals: [professional.id],
  });
  await call("POST", "/clients", { fullName: "Carla Paciente", phoneNumber: "(11) 98888-7777" });
  const other = await call<{ id: string }>("POST", "/clients", {
    fullName: "Davi Outro",
    phoneNumber: "(11) 97777-6666",
  });

  // Next week's Wednesday: always in the future, and in the week 'Próxima semana' shows.
  const today = todaySp();
  const anchor = addDays(today, 7);
  const wednesday = addDays(anchor, 3 - weekday(anchor));

  await page.goto("/dashboard/agendas");
  // The first visit loads the route's code on a shared, busy machine: a longer first wait.
  await expect(page.getByRole("heading", { name: "Agendas", exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Gerencie agendamentos e disponibilidade")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Calendário de Agendamentos" })).toBeVisible();
  // The week is the default view, the day on a phone (docs/decisions/0040-layout-by-container.md).
  if ((page.viewportSize()?.width ?? 0) < 640) {
    await expect(page.getByRole("tab", { name: "Diário" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tab", { name: "Semanal" }).click();
  }
  await expect(page.getByRole("tab", { name: "Semanal" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("Nenhuma disponibilidade ou agendamento encontrado")).toBeVisible();
  await expect(page.getByRole("button", { name: `Criar evento em ${br(today)}` })).toHaveAttribute(
    "aria-current",
    "date",
  );
  await expectNoSeriousA11yViolations(page);

  // A weekly availability on Wednesdays, through the header's 'Disponibilidade'.
  await page.getByRole("button", { name: "Disponibilidade", exact: true }).click();
  const setup = page.getByRole("dialog", { name: "Configurar Disponibilidade" });
  await expect(setup.getByRole("button", { name: "Salvar Disponibilidade" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await choose(page, setup, "Profissional", "Dra. Beatriz");
  await choose(page, setup, "Local de atendimento", "Clínica Centro");
  await expect(setup.getByLabel("Horário de início")).toHaveValue("08:00");
  await expect(setup.getByLabel("Horário de fim")).toHaveValue("17:00");
  await setup.getByRole("checkbox", { name: "Quarta" }).click();
  await setup.getByLabel("Notas").fill("Manhãs e tardes");
  await expectNoSeriousA11yViolations(page);
  await setup.getByRole("button", { name: "Salvar Disponibilidade" }).click();
  await expect(toasts(page).getByText("Disponibilidade criada")).toBeVisible();
  await expect(setup).toBeHidden();
  await expect(page.getByText("Nenhuma disponibilidade ou agendamento encontrado")).toBeHidden();

  await page.getByRole("button", { name: "Próxima semana" }).click();
  const availability = page.getByRole("button", {
    name: `Disponibilidade: Dra. Beatriz, ${br(wednesday)} 08:00 - 17:00`,
  });
  await expect(availability).toBeVisible();

  // Booking from the empty day: 'Criar Evento', prefilled with that day.
  await page.getByRole("button", { name: `Criar evento em ${br(wednesday)}` }).click();
  const create = page.getByRole("dialog", { name: "Criar Evento" });
  await expect(create.getByRole("tab", { name: "Disponibilidade" })).toBeVisible();
  await expect(create.getByLabel("Data")).toHaveValue(br(wednesday));
  await choose(page, create, "Paciente", "Carla Paciente");
  await choose(page, create, "Profissional", "Dra. Beatriz");
  await choose(page, create, "Local de atendimento", "Clínica Centro");
  await create.getByRole("checkbox", { name: "Consulta (30 min)" }).click();
  await expect(create.getByRole("button", { name: "Criar Agendamento" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  // Outside the window: the live check says so, and creating is refused.
  await create.getByLabel("Horário").fill("18:00");
  await expect(create.getByText("Horário fora da disponibilidade (08:00 - 17:00)")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await create.getByRole("button", { name: "Criar Agendamento" }).click();
  await expect(toasts(page).getByText("Horário não disponível")).toBeVisible();
  await create.getByLabel("Horário").fill("10:00");
  await expect(create.getByText("Horário disponível (até 10:30)")).toBeVisible();
  await expect(create.getByText("Duração total: 30 min")).toBeVisible();
  await create.getByRole("button", { name: "Criar Agendamento" }).click();
  await expect(toasts(page).getByText("Agendamento criado!")).toBeVisible();
  await expect(create).toBeHidden();

  const booked = `Agendamento: Carla Paciente, ${br(wednesday)} 10:00 - 10:30`;
  await expect(page.getByRole("button", { name: booked })).toBeVisible();
  await page.getByRole("tab", { name: "Mensal" }).click();
  await expect(page.getByRole("button", { name: booked })).toBeVisible();
  await page.getByRole("tab", { name: "Diário" }).click();
  for (let day = anchor; day < wednesday; day = addDays(day, 1)) {
    await page.getByRole("button", { name: "Próximo dia" }).click();
  }
  for (let day = anchor; day > wednesday; day = addDays(day, -1)) {
    await page.getByRole("button", { name: "Dia anterior" }).click();
  }
  await expect(page.getByRole("button", { name: booked })).toBeVisible();
  await page.getByRole("tab", { name: "Semanal" }).click();

  // Someone else takes 11:00; moving the booking there is refused with the server's pt-BR reason.
  await call("POST", "/appointments", {
    clientId: other.id,
    professionalId: professional.id,
    establishmentId: establishment.id,
    scheduledAt: `${wednesday}T11:00:00-03:00`,
    offeredServices: [service.id],
  });
  await page.getByRole("button", { name: booked }).click();
  const edit = page.getByRole("dialog", { name: "Editar Agendamento" });
  await edit.getByRole("combobox", { name: "Status" }).click();
  for (const label of ["Agendado", "Realizado", "Cancelado", "Não compareceu"]) {
    await expect(page.getByRole("option", { name: label })).toBeVisible();
  }
  await page.keyboard.press("Escape");
  await edit.getByLabel("Horário").fill("11:00");
  await edit.getByRole("button", { name: "Salvar" }).click();
  await expect(toasts(page).getByText("Conflito com agendamento existente (11:00 - 11:30)")).toBeVisible();
  await edit.getByRole("button", { name: "Cancelar" }).click();
  await expect(page.getByRole("button", { name: booked })).toBeVisible();

  // One occurrence of the weekly availability, scope SINGLE: the week after keeps 08:00.
  await availability.click();
  const occurrence = page.getByRole("dialog", { name: "Editar Disponibilidade" });
  await occurrence.getByLabel("Horário de início").fill("09:00");
  await occurrence.getByRole("button", { name: "Salvar" }).click();
  const scope = page.getByRole("dialog", { name: "Editar disponibilidade recorrente" });
  await expect(scope.getByRole("radio", { name: "Esta e futuras ocorrências" })).toBeVisible();
  await expect(scope.getByRole("radio", { name: "Todas as ocorrências" })).toBeVisible();
  await scope.getByRole("radio", { name: "Apenas esta ocorrência" }).click();
  await expectNoSeriousA11yViolations(page);
  await scope.getByRole("button", { name: "Confirmar" }).click();
  await expect(toasts(page).getByText("Disponibilidade atualizada")).toBeVisible();
  await expect(
    page.getByRole("button", { name: `Disponibilidade: Dra. Beatriz, ${br(wednesday)} 09:00 - 17:00` }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Próxima semana" }).click();
  await expect(
    page.getByRole("button", {
      name: `Disponibilidade: Dra. Beatriz, ${br(addDays(wednesday, 7))} 08:00 - 17:00`,
    }),
  ).toBeVisible();

  // Deleting the booking asks first.
  await page.getByRole("button", { name: "Semana anterior" }).click();
  await page.getByRole("button", { name: booked }).click();
  await edit.getByRole("button", { name: "Excluir" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByText("Tem certeza que deseja excluir este agendamento?")).toBeVisible();
  await confirm.getByRole("button", { name: "Excluir" }).click();
  await expect(toasts(page).getByText("Agendamento excluído")).toBeVisible();
  await expect(page.getByRole("button", { name: booked })).toBeHidden();
});
