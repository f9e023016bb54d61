import { authFetch, HttpError } from "../../lib/auth-client";
import { apiUrl } from "../../lib/env";

/** A binary GET through the session (bearer, one refresh and retry on 401); `HttpError` on a non-OK status. */
export async function apiRequestBlob(path: string): Promise<Blob> {
  const response = await authFetch(apiUrl(path));
  if (!response.ok) throw new HttpError(response.status, undefined);
  return await response.blob();
}
