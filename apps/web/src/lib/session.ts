import { useMemo, useSyncExternalStore } from "react";
import { type Claims, decodeClaims, getAccessToken, subscribeTokens } from "./tokens";

/** The stored access token, re-read whenever this or another tab changes the session. */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribeTokens, getAccessToken, () => null);
}

export function useClaims(): Claims | null {
  const accessToken = useAccessToken();
  return useMemo(() => (accessToken ? decodeClaims(accessToken) : null), [accessToken]);
}
