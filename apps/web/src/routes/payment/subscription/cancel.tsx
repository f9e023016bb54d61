import { createFileRoute } from "@tanstack/react-router";
import { SubscriptionCancelPage } from "../../../features/payment/cancel-pages";

/** spec 000 §2: public. */
export const Route = createFileRoute("/payment/subscription/cancel")({
  component: SubscriptionCancelPage,
});
