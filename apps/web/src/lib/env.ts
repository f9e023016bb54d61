/**
 * Base of every API call. In production the server serves the SPA, so the API is on the same origin and the base is
 * empty; `vite` dev mode proxies the API paths to the server (vite.config.ts). `VITE_API_BASE` overrides both.
 */
export const API_BASE = (import.meta.env.VITE_API_BASE ?? "").replace(/\/+$/, "");

export function apiUrl(path: string): string {
  return `${API_BASE}${path}`;
}
