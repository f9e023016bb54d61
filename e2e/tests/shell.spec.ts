import { expect, test } from "@playwright/test";
import { signInToDashboard } from "./session";

const sections = [
  "Locais de Atendimento",
  "Profissionais",
  "Serviços",
  "Agendas",
  "Lista de Espera",
  "Pacientes",
  "Atendimentos",
];

test("the dashboard offers every section, and the sidebar remembers being collapsed", async ({ page }) => {
  await signInToDashboard(page, "Carla Dias");
  await expect(page.getByRole("link", { name: "Acessar" })).toHaveCount(6);
  const menu = page.getByRole("navigation", { name: "Menu principal" });
  for (const section of sections) await expect(menu.getByRole("link", { name: section })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Super Admin" })).toHaveCount(0);

  await page.getByRole("button", { name: "Recolher menu" }).click();
  await page.reload();
  await expect(page.getByRole("button", { name: "Expandir menu" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Pacientes" })).toBeVisible(); // icon only, still named
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu opens in a drawer and closes after choosing", async ({ page }) => {
    await signInToDashboard(page, "Pedro Alves");
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeHidden();
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name: "Dashboard" }).click();
    await expect(drawer).toBeHidden();
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
  });
});
