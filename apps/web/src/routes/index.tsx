import { createFileRoute, redirect } from "@tanstack/react-router";

// Until the public site exists, its address leads to the sign-in page.
export const Route = createFileRoute("/")({
  beforeLoad: () => {
    throw redirect({ to: "/login", replace: true });
  },
});
