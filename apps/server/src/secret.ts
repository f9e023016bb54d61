import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseEncryptionKey } from "@atende/api";

/**
 * The access-token key: JWT_SECRET when set; else a key generated once and kept under the data directory, so a
 * restart logs nobody out (docs/architecture.md, Sign-in and sessions).
 */
export function loadJwtSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = join(dataDir, "jwt-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString("base64url"), { flag: "wx", mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return new TextEncoder().encode(readFileSync(file, "utf8").trim());
}

/**
 * The payment webhooks' secret: MERCADOPAGO_WEBHOOK_SECRET when set; else one generated once under the data directory,
 * so the sandbox's signed notifications verify across restarts (ARCHITECTURE.md "Billing").
 */
export function loadWebhookSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, "webhook-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return readFileSync(file, "utf8").trim();
}

/**
 * The key that encrypts the professionals' Google Calendar grants (docs/decisions/0029-calendar-integration.md):
 * ENCRYPTION_KEY when set (32 bytes, base64 or hex; production requires it); else 32 random bytes generated once and
 * kept under the data directory, so the stored grants still decrypt after a restart.
 */
export function loadEncryptionKey(configured: string | undefined, dataDir: string): Uint8Array {
  const file = join(dataDir, "encryption-key");
  if (!configured && !existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64"), { flag: "wx", mode: 0o600 });
    chmodSync(file, 0o600);
  }
  const text = configured ?? readFileSync(file, "utf8").trim();
  const key = parseEncryptionKey(text);
  if (!key)
    throw new Error(`ENCRYPTION_KEY${configured ? "" : ` (${file})`}: must be 32 bytes, base64 or hex`);
  return key;
}
