// The development sign-in form (docs/architecture.md): served instead of Google when Google is not configured
// and the server is not in production. Everything interpolated is escaped.

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

export interface DevFormState {
  frontendHost: string;
  signup: boolean;
  email?: string;
  name?: string;
  errors?: { email?: string; name?: string };
}

function field(id: "email" | "name", label: string, type: string, value: string, error: string | undefined) {
  const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : "";
  const autocomplete = id === "email" ? "email" : "name";
  return `<label for="${id}">${escapeHtml(label)}</label>
      <input id="${id}" name="${id}" type="${type}" value="${escapeHtml(value)}" autocomplete="${autocomplete}" required${described}>
      ${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ""}`;
}

export function renderDevForm(state: DevFormState): string {
  const errors = state.errors ?? {};
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Entrar (desenvolvimento)</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f0fdfa; color: #0f172a; }
  main { width: min(24rem, calc(100% - 2rem)); background: #fff; border: 1px solid #e2e8f0; border-radius: 1rem;
    padding: 2rem; box-shadow: 0 1px 2px rgb(15 23 42 / 0.06); }
  h1 { margin: 0 0 0.5rem; font-size: 1.5rem; }
  .note { margin: 0 0 1.5rem; padding: 0.75rem 1rem; border-radius: 0.5rem; background: #fefce8; color: #713f12;
    font-size: 0.875rem; line-height: 1.4; }
  label { display: block; margin: 1rem 0 0.25rem; font-size: 0.875rem; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; padding: 0.625rem 0.75rem; border: 1px solid #cbd5e1;
    border-radius: 0.5rem; font: inherit; }
  input:focus { outline: 2px solid #0d9488; outline-offset: 1px; }
  input[aria-invalid="true"] { border-color: #dc2626; }
  .error { margin: 0.25rem 0 0; color: #b91c1c; font-size: 0.8125rem; }
  button { margin-top: 1.5rem; width: 100%; padding: 0.75rem; border: 0; border-radius: 0.5rem; background: #0d9488;
    color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  button:hover { background: #0f766e; }
</style>
</head>
<body>
<main>
  <h1>Entrar (desenvolvimento)</h1>
  <p class="note">O login com Google não está configurado neste servidor. Informe um e-mail e um nome para entrar; a conta é criada automaticamente no primeiro acesso.</p>
  <form method="post" action="/oauth2/dev-login" novalidate>
    <input type="hidden" name="frontend_host" value="${escapeHtml(state.frontendHost)}">
    <input type="hidden" name="signup" value="${state.signup ? "true" : "false"}">
    ${field("email", "E-mail", "email", state.email ?? "", errors.email)}
    ${field("name", "Nome", "text", state.name ?? "", errors.name)}
    <button type="submit">Entrar</button>
  </form>
</main>
</body>
</html>`;
}
