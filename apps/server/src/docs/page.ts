// The text of /docs: the page, its stylesheet and the script that starts Swagger UI. Kept as strings rather than
// files beside the code so that a bundled server needs nothing but swagger-ui-dist in node_modules.
//
// The server's Content-Security-Policy allows scripts from 'self' only, so the page has no inline script: the
// Swagger UI options live in init.js, served under /docs/assets like everything else.

export const DOCS_TITLE = "Atende — API para integradores";

/** Swagger UI options: our own /openapi.json, nothing fetched from elsewhere (no validator badge). */
export const INIT_JS = `// Starts Swagger UI for /docs with the server's own /openapi.json.
(function () {
  "use strict";
  window.ui = window.SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    layout: "BaseLayout",
    presets: [window.SwaggerUIBundle.presets.apis],
    deepLinking: true,
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    filter: true,
    persistAuthorization: true,
    tryItOutEnabled: false,
    validatorUrl: null,
  });
})();
`;

export const DOCS_CSS = `/* /docs: the introduction above Swagger UI, aligned with its column. */
body { margin: 0; background: #fafafa; color: #3b4151; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.docs-intro { box-sizing: border-box; max-width: 1460px; margin: 0 auto; padding: 28px 20px 8px; line-height: 1.5; }
.docs-intro h1 { font-size: 30px; margin: 0 0 6px; }
.docs-intro h2 { font-size: 18px; margin: 22px 0 6px; }
.docs-intro p, .docs-intro li { font-size: 15px; max-width: 980px; }
.docs-intro ul { padding-left: 22px; margin: 6px 0; }
.docs-intro code, .docs-intro pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; background: #eef0f3; border-radius: 4px; }
.docs-intro code { padding: 1px 5px; }
.docs-intro pre { padding: 10px 12px; overflow-x: auto; max-width: 980px; }
.docs-intro a { color: #1f69c0; }
/* Our introduction replaces the title block Swagger UI draws from the document's info. */
.swagger-ui .information-container { display: none; }
.swagger-ui .scheme-container { box-shadow: none; background: transparent; padding: 12px 0; }
`;

export interface AssetUrls {
  css: string;
  docsCss: string;
  bundle: string;
  init: string;
  favicon32: string;
  favicon16: string;
}

/** The page. Every URL it references is ours (`/docs/assets/…`, `/openapi.json`): it renders offline. */
export function docsHtml(assets: AssetUrls): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${DOCS_TITLE}</title>
<link rel="icon" type="image/png" sizes="32x32" href="${assets.favicon32}">
<link rel="icon" type="image/png" sizes="16x16" href="${assets.favicon16}">
<link rel="stylesheet" href="${assets.css}">
<link rel="stylesheet" href="${assets.docsCss}">
</head>
<body>
<header class="docs-intro">
<h1>${DOCS_TITLE}</h1>
<p>Referência da API REST do Atende, o recepcionista por telefone com IA. Ela é gerada a partir da especificação
<a href="/openapi.json">OpenAPI 3.1 (/openapi.json)</a>, a mesma que valida cada requisição, e pode ser importada
em qualquer cliente HTTP ou gerador de código.</p>

<h2>Autenticação</h2>
<p>Envie o token de acesso em toda requisição que não seja pública:</p>
<pre>Authorization: Bearer &lt;accessToken&gt;</pre>
<ul>
<li>O par de tokens vem do login: <code>GET /oauth2/authorization/google?frontend_host=…</code> leva o navegador ao
login e volta para <code>{frontend_host}/auth/callback/login?token=…&amp;refreshToken=…</code>.</li>
<li>O <code>accessToken</code> vale cerca de 15 minutos. Para renovar, envie <code>POST /user/refresh-token</code>
com <code>{"refreshToken": "…"}</code>; a resposta traz um novo <code>{accessToken, refreshToken}</code>. Cada
<code>refreshToken</code> serve uma única vez: reapresentar um já usado revoga a sessão.</li>
<li>Sem token, ou com token vencido, a resposta é <code>401</code>. Para experimentar as chamadas nesta página, use
o botão <em>Authorize</em> e cole o <code>accessToken</code>.</li>
</ul>

<h2>Erros</h2>
<p>Toda resposta de erro é JSON no formato abaixo; <code>message</code> repete a primeira mensagem de
<code>issues</code>, e <code>path</code> é o nome do campo (com pontos quando aninhado, como <code>slot.start</code>).
As mensagens estão em português.</p>
<pre>{
  "message": "Endereço deve ter pelo menos 10 caracteres",
  "issues": [{ "path": "address", "message": "Endereço deve ter pelo menos 10 caracteres" }]
}</pre>
<ul>
<li><code>400</code> entrada inválida (nada é alterado); <code>401</code> não autenticado; <code>403</code> sem
permissão; <code>404</code> não encontrado, também para o id de outra conta; <code>409</code> conflito (horário já
ocupado, duplicidade, registro em uso); <code>413</code> corpo grande demais; <code>415</code> corpo que não é
JSON (envie <code>Content-Type: application/json</code>); <code>429</code> excesso de requisições.</li>
</ul>

<h2>Datas, horários e valores</h2>
<ul>
<li>Fuso fixo de São Paulo, <code>-03:00</code>. Horários de agendamento e de agenda (<code>scheduledAt</code>,
<code>slot</code>) vão como <code>yyyy-MM-ddTHH:mm:00-03:00</code>; outros instantes (<code>createdAt</code>,
início de atendimento, mensagens) como ISO 8601 com segundos e <code>-03:00</code>; datas como
<code>yyyy-MM-dd</code>. Na entrada, qualquer ISO 8601 com fuso é aceito.</li>
<li>Valores em centavos de real (inteiros); durações de serviço em minutos, de atendimento em segundos.</li>
<li>IDs são UUIDs. Listas são arrays JSON. <code>POST</code> que cria responde <code>201</code> com o registro,
<code>PUT</code> <code>200</code> com o registro, <code>DELETE</code> <code>204</code>.</li>
</ul>
</header>
<main id="swagger-ui"></main>
<noscript><p class="docs-intro">Esta página precisa de JavaScript; a especificação está em
<a href="/openapi.json">/openapi.json</a>.</p></noscript>
<script src="${assets.bundle}"></script>
<script src="${assets.init}"></script>
</body>
</html>
`;
}
