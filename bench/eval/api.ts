// The product's public API as an operator's script uses it: the development sign-in, then REST (and the one tRPC
// mutation with no REST path, the business profile) with the access token, signing in again when it expires.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class Api {
  private token: string | null = null;

  constructor(
    readonly baseUrl: string,
    readonly email: string,
    private readonly name: string,
  ) {}

  /** The development sign-in form's submission (`POST /oauth2/dev-login`): the access token from its redirect. */
  async signIn(): Promise<void> {
    const res = await fetch(`${this.baseUrl}/oauth2/dev-login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: this.email, name: this.name, signup: "false" }),
      redirect: "manual",
    });
    const location = res.headers.get("location");
    const token = location ? new URL(location, this.baseUrl).searchParams.get("token") : null;
    if (!token)
      throw new ApiError(res.status, `the development sign-in gave no token (${res.status}): is it enabled?`);
    this.token = token;
  }

  async request<T>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<T> {
    if (!this.token) await this.signIn();
    let res = await this.send(method, path, body);
    if (res.status === 401) {
      await this.signIn();
      res = await this.send(method, path, body);
    }
    const text = await res.text();
    if (!res.ok) throw new ApiError(res.status, `${method} ${path} answered ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** A tRPC mutation over HTTP (the business profile has no REST path). */
  async mutation<T>(procedure: string, input: unknown): Promise<T> {
    const data = await this.request<{ result: { data: T } }>("POST", `/trpc/${procedure}`, input);
    return data.result.data;
  }

  private send(method: string, path: string, body: unknown): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
}
