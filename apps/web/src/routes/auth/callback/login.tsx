import { createFileRoute } from "@tanstack/react-router";
import { AuthCallback } from "../../../features/auth/auth-callback";
import { ApiProvider } from "../../../lib/api-provider";

export const Route = createFileRoute("/auth/callback/login")({
  component: function Callback() {
    return (
      <ApiProvider>
        <AuthCallback flow="login" />
      </ApiProvider>
    );
  },
});
