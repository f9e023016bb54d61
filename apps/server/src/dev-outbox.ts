// /dev/outbox (docs/decisions/0013-team-and-e-mail.md): outside production, the e-mail the product
// recorded, newest first, so a newcomer sees the invitation a flow sent. JSON by default, a small page for a browser
// (`Accept: text/html`). Production answers 404 to both, even where the web app would answer an unknown page. The
// outbox belongs to no tenant, so the reads go through the shared door: this module needs no system access.
import { type ApiConfig, escapeHtml, isProduction, listOutbox, type OutboxEntry } from "@atende/api";
import type { DataAccess } from "@atende/db";
import { textCharacters, z } from "@atende/shared/zod";
import { Hono } from "hono";
import { body } from "./errors";

const OutboxQuery = z.object({
  to: z
    .string()
    .trim()
    .check(textCharacters())
    .max(254, "Endereço de e-mail longo demais")
    .optional()
    .transform((value) => value || undefined),
});

function outboxPage(messages: OutboxEntry[], to: string | undefined): string {
  const items = messages
    .map(
      (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">Para <strong>${escapeHtml(m.to)}</strong> em ${escapeHtml(m.createdAt.toISOString())}</p>
<pre>${escapeHtml(m.text)}</pre>
${m.html ? `<details><summary>HTML</summary><pre>${escapeHtml(m.html)}</pre></details>` : ""}
</article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Caixa de saída (desenvolvimento)</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937; }
article { border: 1px solid #d1d5db; border-radius: 0.5rem; padding: 0 1rem 1rem; margin-bottom: 1rem; }
pre { white-space: pre-wrap; word-break: break-word; background: #f9fafb; padding: 0.5rem; }
.meta { color: #6b7280; }
</style>
</head>
<body>
<h1>Caixa de saída${to ? ` de ${escapeHtml(to)}` : ""}</h1>
<p class="meta">E-mails gravados por este servidor, do mais recente ao mais antigo (somente fora de produção).</p>
${items || "<p>Nenhum e-mail enviado ainda.</p>"}
</body>
</html>`;
}

export function createDevOutboxRoutes(deps: { data: DataAccess; config: ApiConfig }): Hono {
  const app = new Hono();
  app.get("/dev/outbox", async (c) => {
    if (isProduction(deps.config)) return c.json(body("Rota não encontrada"), 404);
    const query = OutboxQuery.safeParse({ to: c.req.query("to") });
    if (!query.success) {
      const message = query.error.issues[0]?.message ?? "Entrada inválida";
      return c.json({ message, issues: [{ path: "to", message }] }, 400);
    }
    const { to } = query.data;
    const messages = await deps.data.inShared((db) => listOutbox(db, { to }));
    if ((c.req.header("accept") ?? "").includes("text/html")) {
      return c.html(outboxPage(messages, to));
    }
    return c.json(
      messages.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        createdAt: m.createdAt.toISOString(),
      })),
    );
  });
  return app;
}
