// The session client against a scripted server: node environment, with the browser's storage, locks and fetch
// stood in for. Two imports of the module with one shared storage and lock manager play two tabs.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Tab = typeof import("./auth-client");

const nowSeconds = () => Math.floor(Date.now() / 1000);

function jwt(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part({ sub: "user-1", name: "Maria", ...claims })}.signature`;
}
const freshToken = (n: number) => jwt({ exp: nowSeconds() + 900, n });
const expiredToken = () => jwt({ exp: nowSeconds() - 1 });

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/** One exclusive lock, granted in request order, held until the callback's promise settles. */
function lockManager() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
      const run = tail.then(() => callback());
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

/** A server that rotates refresh tokens and revokes everything when one is presented twice. */
function scriptedServer() {
  let issued = 0;
  let current = "refresh-0";
  const used = new Set<string>();
  const state = { refreshCalls: 0, revoked: false, validAccess: new Set<string>() };
  const handler = vi.fn(async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    if (url.endsWith("/user/refresh-token")) {
      state.refreshCalls += 1;
      const { refreshToken } = JSON.parse(String(init?.body)) as { refreshToken: string };
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (used.has(refreshToken)) state.revoked = true;
      if (state.revoked || refreshToken !== current)
        return Response.json({ message: "Sessão expirada" }, { status: 401 });
      used.add(refreshToken);
      issued += 1;
      current = `refresh-${issued}`;
      const accessToken = freshToken(issued);
      state.validAccess.add(accessToken);
      return Response.json({ accessToken, refreshToken: current });
    }
    const bearer = new Headers(init?.headers).get("Authorization")?.replace("Bearer ", "") ?? "";
    if (!state.validAccess.has(bearer)) return Response.json({ message: "Não autenticado" }, { status: 401 });
    if (url.endsWith("/conflict")) {
      return Response.json(
        {
          message: "Conflito com agendamento existente (10:00 - 10:30)",
          issues: [{ path: "scheduledAt", message: "x" }],
        },
        { status: 409 },
      );
    }
    return Response.json({ ok: true, bearer });
  });
  return { handler, state };
}

let storage: MemoryStorage;
let server: ReturnType<typeof scriptedServer>;

async function openTab(): Promise<Tab> {
  vi.resetModules();
  return import("./auth-client");
}

beforeEach(() => {
  storage = new MemoryStorage();
  server = scriptedServer();
  vi.stubGlobal("window", { localStorage: storage, addEventListener: () => undefined });
  vi.stubGlobal("navigator", { locks: lockManager() });
  vi.stubGlobal("fetch", server.handler);
  vi.spyOn(console, "error").mockImplementation(() => undefined); // a failed refresh is logged (spec 000 §8)
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function signIn(accessToken: string) {
  server.state.validAccess.add(accessToken);
  storage.setItem("accessToken", accessToken);
  storage.setItem("refreshToken", "refresh-0");
}

describe("authFetch", () => {
  it("sends the stored access token as a bearer", async () => {
    const tab = await openTab();
    const token = freshToken(0);
    signIn(token);
    const response = await tab.authFetch("/trpc/user.me");
    expect(await response.json()).toEqual({ ok: true, bearer: token });
    expect(server.state.refreshCalls).toBe(0);
  });

  it("answers a 401 with one refresh and a retry, keeping the rotated pair", async () => {
    const tab = await openTab();
    signIn(freshToken(0));
    server.state.validAccess.clear(); // the server no longer accepts it, though its exp is ahead
    const response = await tab.authFetch("/trpc/user.me");
    expect(response.status).toBe(200);
    expect(server.state.refreshCalls).toBe(1);
    expect(storage.getItem("refreshToken")).toBe("refresh-1");
  });

  it("refreshes before the call when the access token's exp is past", async () => {
    const tab = await openTab();
    signIn(expiredToken());
    await tab.authFetch("/trpc/user.me");
    const paths = server.handler.mock.calls.map(([input]) => String(input));
    expect(paths).toEqual(["/user/refresh-token", "/trpc/user.me"]);
  });

  it("clears the session and fails with 'Authentication failed' when the refresh is refused", async () => {
    const tab = await openTab();
    signIn(expiredToken());
    storage.setItem("refreshToken", "not-a-known-token");
    await expect(tab.authFetch("/trpc/user.me")).rejects.toThrow("Authentication failed");
    expect(storage.getItem("accessToken")).toBeNull();
    expect(storage.getItem("refreshToken")).toBeNull();
  });

  it("fails with 'Authentication failed' on a 401 when there is no session to refresh", async () => {
    const tab = await openTab();
    await expect(tab.authFetch("/trpc/user.me")).rejects.toBeInstanceOf(tab.AuthenticationError);
    expect(server.state.refreshCalls).toBe(0);
  });

  it("refreshes once for many concurrent calls in one tab", async () => {
    const tab = await openTab();
    signIn(expiredToken());
    const responses = await Promise.all([1, 2, 3, 4].map(() => tab.authFetch("/trpc/user.me")));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(server.state.refreshCalls).toBe(1);
  });

  it("never presents one refresh token twice across tabs", async () => {
    const first = await openTab();
    const second = await openTab();
    expect(first).not.toBe(second);
    signIn(expiredToken());
    const responses = await Promise.all([
      first.authFetch("/a"),
      second.authFetch("/b"),
      first.authFetch("/c"),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(server.state.refreshCalls).toBe(1);
    expect(server.state.revoked).toBe(false);
  });
});

describe("apiRequest", () => {
  it("fails a non-OK answer with the spec's message and keeps the server's", async () => {
    const tab = await openTab();
    signIn(freshToken(0));
    const failure = await tab.apiRequest("/conflict").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(tab.HttpError);
    expect(failure).toMatchObject({
      message: "HTTP error! status: 409",
      status: 409,
      serverMessage: "Conflito com agendamento existente (10:00 - 10:30)",
      issues: [{ path: "scheduledAt", message: "x" }],
    });
  });
});
