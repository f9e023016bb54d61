import { createFileRoute } from "@tanstack/react-router";
import { PhoneForwardingGuide } from "../features/phone-forwarding/phone-forwarding-guide";

export const Route = createFileRoute("/redirecionamento-telefone")({
  component: PhoneForwardingGuide,
});
