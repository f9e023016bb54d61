import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { clearRotations } from "../../lib/rotation-ledger";
import { clearTokens } from "../../lib/tokens";

/** 'Sair': forget the session and its cached data, then go to the public site (spec 000 §2). */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearTokens();
    void clearRotations();
    queryClient.clear();
    void navigate({ to: "/" });
  }, [navigate, queryClient]);
}
