import { describe, expect, it } from "vitest";
import {
  callbackOutcome,
  type KeyValueStorage,
  loginPageTarget,
  readLastRedirectAt,
  recordRedirect,
  rememberRedirectAfterLogin,
  shouldRedirect,
  takeRedirectAfterLogin,
} from "./redirects";

function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

describe("the loop guard (spec 000 §4, §9)", () => {
  const now = 1_800_000_000_000;

  it("redirects when no redirect was recorded", () => {
    expect(shouldRedirect({ currentPath: "/login", target: "/dashboard", lastRedirectAt: null, now })).toBe(
      true,
    );
  });

  it("holds a redirect within 2000 ms of the last one, and lets it through from 2000 ms on", () => {
    const base = { currentPath: "/login", target: "/testar-agente", now };
    expect(shouldRedirect({ ...base, lastRedirectAt: now - 1999 })).toBe(false);
    expect(shouldRedirect({ ...base, lastRedirectAt: now })).toBe(false);
    expect(shouldRedirect({ ...base, lastRedirectAt: now - 2000 })).toBe(true);
  });

  it("does not redirect to the page the user is already on", () => {
    expect(
      shouldRedirect({ currentPath: "/dashboard", target: "/dashboard", lastRedirectAt: null, now }),
    ).toBe(false);
  });

  it("does not take a time in the future for a recent redirect", () => {
    expect(
      shouldRedirect({ currentPath: "/login", target: "/dashboard", lastRedirectAt: now + 60_000, now }),
    ).toBe(true);
  });

  it("keeps the last redirect time in storage", () => {
    const storage = memoryStorage();
    expect(readLastRedirectAt(storage)).toBeNull();
    recordRedirect(storage, now);
    expect(readLastRedirectAt(storage)).toBe(now);
    storage.setItem("lastRedirectAt", "garbage");
    expect(readLastRedirectAt(storage)).toBeNull();
  });
});

describe("the redirect-after-login path", () => {
  it("is remembered once and forgotten after use", () => {
    const storage = memoryStorage();
    rememberRedirectAfterLogin(storage, "/dashboard/agendas?view=week");
    expect(takeRedirectAfterLogin(storage)).toBe("/dashboard/agendas?view=week");
    expect(takeRedirectAfterLogin(storage)).toBeNull();
  });

  it("never points off this origin nor back into the sign-in", () => {
    const storage = memoryStorage();
    for (const path of [
      "//evil.example/x",
      "https://evil.example",
      "/\\evil",
      "/login",
      "/auth/callback/login",
      "/",
    ]) {
      rememberRedirectAfterLogin(storage, path);
      expect(takeRedirectAfterLogin(storage), path).toBeNull();
    }
    // Even a value written by someone else is checked when read.
    storage.setItem("redirectAfterLogin", "//evil.example");
    expect(takeRedirectAfterLogin(storage)).toBeNull();
  });
});

describe("the auth callback's decision (spec 000 §4)", () => {
  const routes = (afterLogin: string) => ({ afterLogin, fromLoginPage: afterLogin });

  it("sends a sign-up to the wizard whatever the state", () => {
    expect(callbackOutcome("signup", routes("/dashboard"), null)).toEqual({
      to: "/configuracao-inicial",
      toast: "Bem-vindo! Configure sua conta.",
    });
  });

  it("sends a login where the setup state says, welcoming back with what comes next", () => {
    expect(callbackOutcome("login", routes("/configuracao-inicial"), null)).toEqual({
      to: "/configuracao-inicial",
      toast: "Bem-vindo de volta! Complete sua configuração.",
    });
    expect(callbackOutcome("login", routes("/testar-agente"), null)).toEqual({
      to: "/testar-agente",
      toast: "Bem-vindo de volta! Teste seu agente configurado.",
    });
    expect(callbackOutcome("login", routes("/dashboard"), null)).toEqual({
      to: "/dashboard",
      toast: "Bem-vindo de volta!",
    });
  });

  it("sends a login to the wizard when the setup state failed or named no known route", () => {
    expect(callbackOutcome("login", null, null).to).toBe("/configuracao-inicial");
    expect(callbackOutcome("login", routes("/elsewhere"), null).to).toBe("/configuracao-inicial");
  });

  it("returns a login to the page the guard interrupted", () => {
    expect(callbackOutcome("login", routes("/testar-agente"), "/dashboard/pacientes").to).toBe(
      "/dashboard/pacientes",
    );
  });
});

describe("a signed-in user on /login (spec 000 §4)", () => {
  it("goes to fromLoginPage, the wizard on error, /dashboard when the answer names no known route", () => {
    expect(loginPageTarget({ afterLogin: "/configuracao-inicial", fromLoginPage: "/testar-agente" })).toBe(
      "/testar-agente",
    );
    expect(loginPageTarget(null)).toBe("/configuracao-inicial");
    expect(loginPageTarget({ afterLogin: "/x", fromLoginPage: "/x" })).toBe("/dashboard");
  });
});
