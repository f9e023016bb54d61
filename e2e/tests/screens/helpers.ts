import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { signInWithGoogle, uniqueEmail } from "../session";

/** Signs a new account in through the browser; returns its e-mail so the API helper can act as the same user. */
export async function signInNewAccount(page: Page, name: string): Promise<string> {
  const email = uniqueEmail("catalogue");
  await signInWithGoogle(page, name, email);
  return email;
}

/** The toast area (sonner): one toast at a time. */
export function toasts(page: Page): Locator {
  // The front toast only: sonner keeps the ones it has put behind in the page until they time out, so the same text
  // shown twice within 5 s would otherwise match twice.
  return page.locator('[data-sonner-toaster] [data-sonner-toast][data-front="true"]');
}

/** No serious or critical accessibility violation on what the page shows now. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
  expect(serious).toEqual([]);
  await expectNoSideways(page);
}

/**
 * Waits for the page's finite animations and transitions to end (at most 2 s): a toast still fading in has the
 * contrast of its halfway colours, which axe would report although the settled toast is fine. Endless ones (spinners)
 * are not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
}

/** Usable at 375 px: the page never scrolls sideways. */
export async function expectNoSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Calls the REST API as the user with `email`, each call after a fresh development sign-in (the e2e server's access
 * tokens live 5 s). Used only to arrange what the screens under test do not create, such as an appointment.
 */
export function apiAs(request: APIRequestContext, baseURL: string | undefined, email: string) {
  const origin = new URL(baseURL ?? "http://localhost:3100").origin;
  return async <T>(method: "POST" | "GET" | "PUT" | "DELETE", path: string, body?: unknown): Promise<T> => {
    const signIn = await request.post("/oauth2/dev-login", {
      form: { email, name: "API", frontend_host: origin, signup: "false" },
      maxRedirects: 0,
    });
    const location = signIn.headers().location;
    expect(location, "the development sign-in redirects with the tokens").toBeTruthy();
    const token = new URL(location ?? "", origin).searchParams.get("token");
    const response = await request.fetch(path, {
      method,
      headers: { Authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { data: body }),
    });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    // A DELETE answers 204 without a body.
    return (response.status() === 204 ? undefined : await response.json()) as T;
  };
}

/** A location, a professional, a service, a patient and a future appointment using all four. */
export async function seedFutureAppointment(call: ReturnType<typeof apiAs>) {
  const establishment = await call<{ id: string }>("POST", "/establishments", {
    name: "Unidade Agendada",
    address: "Rua das Flores, 100 - Centro",
  });
  const professional = await call<{ id: string }>("POST", "/professionals", {
    name: "Dra. Agenda Cheia",
    specialty: "Cardiologia",
  });
  const service = await call<{ id: string }>("POST", "/offered-services", {
    name: "Consulta Agendada",
    availableEstablishments: [establishment.id],
    allowedProfessionals: [professional.id],
  });
  const client = await call<{ id: string }>("POST", "/clients", {
    fullName: "Paciente Agendado",
    phoneNumber: "(11) 98888-7777",
  });
  await call("POST", "/appointments", {
    clientId: client.id,
    professionalId: professional.id,
    establishmentId: establishment.id,
    scheduledAt: "2099-06-03T10:00:00-03:00",
    offeredServices: [service.id],
  });
  return { establishment, professional, service, client };
}

/** Clicks a card's 'Excluir' and confirms it in the alert dialog that asks. */
export async function deleteConfirmed(page: Page, card: Locator): Promise<void> {
  await card.getByRole("button", { name: "Excluir" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
}
