import { expect, test } from "@playwright/test";
import { apiAs, expectNoSeriousA11yViolations, signInNewAccount } from "../helpers";

/**
 * The call history shows what each outbound confirmation call came to (issue #23; docs/decisions/0052): on its card
 * in 'Atendimentos' and in its detail, in pt-BR. The calls are arranged through the test-only seeding route (the
 * confirmation calls and Twilio's reports write them in real life); a call that is no confirmation call has no outcome.
 */
test("Atendimentos shows the outcome of each confirmation call, on its card and in its detail", async ({
  page,
  request,
  baseURL,
}) => {
  const email = await signInNewAccount(page, "Olívia Confirmações");
  const call = apiAs(request, baseURL, email);
  const seeded: [string, Record<string, unknown>][] = [
    ["Paula Confirmou", { status: "COMPLETED", confirmationOutcome: "CONFIRMED" }],
    ["Rui Remarcou", { status: "COMPLETED", confirmationOutcome: "RESCHEDULED" }],
    ["Sara Cancelou", { status: "COMPLETED", confirmationOutcome: "CANCELLED" }],
    ["Tiago Caixa Postal", { status: "COMPLETED", confirmationOutcome: "MACHINE" }],
    ["Úrsula Sem Resposta", { status: "MISSED", confirmationOutcome: "NO_ANSWER" }],
    ["Vítor Irmã Atendeu", { status: "COMPLETED", confirmationOutcome: "WRONG_PERSON" }],
    [
      "Wagner Não Quer Ligações",
      {
        status: "COMPLETED",
        confirmationOutcome: "NO_DECISION",
        collectedData: { Pedido: "Não receber ligações de confirmação" },
      },
    ],
  ];
  const ids: Record<string, string> = {};
  for (const [index, [clientName, fields]] of seeded.entries()) {
    const created = await call<{ id: string }>("POST", "/dev/conversations", {
      origin: "OUTBOUND",
      clientName,
      phoneNumber: `+55119876500${String(index).padStart(2, "0")}`,
      startedAt: `2030-06-03T09:${String(index * 5).padStart(2, "0")}:00-03:00`,
      ...fields,
    });
    ids[clientName] = created.id;
  }
  await call("POST", "/dev/conversations", {
    status: "COMPLETED",
    origin: "INBOUND",
    clientName: "Xavier Ligou",
    startedAt: "2030-06-03T11:00:00-03:00",
  });

  await page.goto("/dashboard/atendimentos");
  const expected: [string, string][] = [
    ["Paula Confirmou", "Confirmação: Confirmado"],
    ["Rui Remarcou", "Confirmação: Remarcado"],
    ["Sara Cancelou", "Confirmação: Cancelado"],
    ["Tiago Caixa Postal", "Confirmação: Secretária eletrônica"],
    ["Úrsula Sem Resposta", "Confirmação: Não atendeu"],
    ["Vítor Irmã Atendeu", "Confirmação: Pessoa errada"],
    ["Wagner Não Quer Ligações", "Confirmação: Descadastrado"],
  ];
  for (const [name, label] of expected) {
    const card = page.getByRole("article", { name });
    await expect(card.getByTestId("confirmation-outcome")).toHaveText(label);
    await expect(card.getByText("Realizada")).toBeVisible();
  }
  // An inbound call is no confirmation call: no outcome on it.
  const inbound = page.getByRole("article", { name: "Xavier Ligou" });
  await expect(inbound.getByText("Recebida")).toBeVisible();
  await expect(inbound.getByTestId("confirmation-outcome")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The detail says it too, in the dialog and on the call's own page.
  await page
    .getByRole("article", { name: "Tiago Caixa Postal" })
    .getByRole("button", { name: "Ver Detalhes" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Detalhes do Atendimento" });
  await expect(dialog.getByTestId("confirmation-outcome")).toHaveText("Confirmação: Secretária eletrônica");
  await expectNoSeriousA11yViolations(page);
  await page.goto(`/dashboard/atendimentos/${ids["Rui Remarcou"]}`);
  await expect(page.getByRole("heading", { name: "Detalhes do Atendimento" })).toBeVisible();
  await expect(page.getByTestId("confirmation-outcome")).toHaveText("Confirmação: Remarcado");
});
