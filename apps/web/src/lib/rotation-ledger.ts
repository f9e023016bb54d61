/**
 * A record, in IndexedDB, of which refresh token was rotated into which pair.
 *
 * Why: the refresh runs under a Web Lock, but Chromium propagates localStorage writes between tabs asynchronously and
 * unordered with lock grants, so the next tab granted the lock can still read the refresh token the previous holder
 * just spent (seen in a probe: 21 stale reads out of 40) and present it again, which revokes the session's whole
 * family. IndexedDB transactions go through one place and were never stale under the lock (0 of 80), so the lock
 * holder records each rotation there before releasing, and the next holder follows the record from the token it holds.
 *
 * Any IndexedDB failure degrades to "no record" (the localStorage check still applies).
 */
import type { TokenPair } from "./tokens";

const DB_NAME = "atende-session";
const STORE = "rotations";
/** Staleness lasts milliseconds; an hour of records is plenty and keeps the store tiny. */
const KEEP_MS = 60 * 60 * 1000;
/** A rotation chain longer than this means a loop or garbage, not real rotations. */
const MAX_HOPS = 20;

interface Rotation extends TokenPair {
  /** The refresh token that was presented and is now spent. */
  spent: string;
  at: number;
}

function isRotation(value: unknown): value is Rotation {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.spent === "string" &&
    typeof record.accessToken === "string" &&
    typeof record.refreshToken === "string" &&
    typeof record.at === "number"
  );
}

function settle<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function completion(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

async function withStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => Promise<T> | T,
): Promise<T | null> {
  if (typeof indexedDB === "undefined") return null;
  try {
    const opening = indexedDB.open(DB_NAME, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(STORE, { keyPath: "spent" });
    const db = await settle(opening);
    try {
      const transaction = db.transaction(STORE, mode);
      const [result] = await Promise.all([work(transaction.objectStore(STORE)), completion(transaction)]);
      return result;
    } finally {
      db.close();
    }
  } catch (error) {
    console.warn("Refresh rotation ledger unavailable", error);
    return null;
  }
}

/** The newest pair that `refreshToken` was (transitively) rotated into, or null if it was not rotated. */
export async function successorOf(refreshToken: string): Promise<TokenPair | null> {
  const all = await withStore("readonly", (store) => settle(store.getAll()));
  if (!all) return null;
  const bySpent = new Map(all.filter(isRotation).map((rotation) => [rotation.spent, rotation]));
  let latest: Rotation | undefined;
  for (let token = refreshToken, hops = 0; hops < MAX_HOPS; hops++) {
    const next = bySpent.get(token);
    if (!next) break;
    latest = next;
    token = next.refreshToken;
  }
  return latest ? { accessToken: latest.accessToken, refreshToken: latest.refreshToken } : null;
}

/** Records that `spent` was rotated into `pair`; resolves once committed (call it before releasing the lock). */
export async function recordRotation(spent: string, pair: TokenPair): Promise<void> {
  const now = Date.now();
  await withStore("readwrite", (store) => {
    store.put({ spent, ...pair, at: now } satisfies Rotation);
    const all = store.getAll();
    all.onsuccess = () => {
      for (const rotation of all.result) {
        if (isRotation(rotation) && rotation.at < now - KEEP_MS) store.delete(rotation.spent);
      }
    };
  });
}

/** Forgets every record: on sign-out, and when the session could not be refreshed. */
export async function clearRotations(): Promise<void> {
  await withStore("readwrite", (store) => {
    store.clear();
  });
}
