// A professional's Google refresh token at rest (docs/decisions/0029-calendar-integration.md): AES-256-GCM with
// ENCRYPTION_KEY, a random 96-bit nonce per token, and the owner (tenant and professional) as additional data, so a
// ciphertext copied onto another professional's row does not decrypt. Format: `v1.` + base64url(nonce | ciphertext |
// tag), so a later key or algorithm can be told apart.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1.";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

function ownerOf(owner: { tenantId: string; professionalId: string }): Buffer {
  return Buffer.from(`calendar-grant:${owner.tenantId}:${owner.professionalId}`, "utf8");
}

function checkKey(key: Uint8Array): void {
  if (key.length !== 32) throw new Error("ENCRYPTION_KEY must be 32 bytes");
}

export function encryptSecret(
  key: Uint8Array,
  plaintext: string,
  owner: { tenantId: string; professionalId: string },
): string {
  checkKey(key);
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(ownerOf(owner));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return VERSION + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString("base64url");
}

/** The plaintext, or an error when the key, the owner or the bytes are not the ones it was sealed with. */
export function decryptSecret(
  key: Uint8Array,
  sealed: string,
  owner: { tenantId: string; professionalId: string },
): string {
  checkKey(key);
  if (!sealed.startsWith(VERSION)) throw new Error("unknown sealed secret format");
  const bytes = Buffer.from(sealed.slice(VERSION.length), "base64url");
  if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new Error("sealed secret too short");
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, NONCE_BYTES));
  decipher.setAAD(ownerOf(owner));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)),
    decipher.final(),
  ]).toString("utf8");
}

/**
 * ENCRYPTION_KEY's spelling: 32 bytes as base64 (standard or URL-safe, padded or not) or as 64 hexadecimal digits.
 * Undefined when it is neither.
 */
export function parseEncryptionKey(text: string): Uint8Array | undefined {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return new Uint8Array(Buffer.from(value, "hex"));
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (bytes.length === 32) return new Uint8Array(bytes);
  }
  return undefined;
}
