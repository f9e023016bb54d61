import { createFileRoute } from "@tanstack/react-router";
import { SubscriptionExpiredPage } from "../../../features/payment/cancel-pages";

/** spec 000 §2: public. */
export const Route = createFileRoute("/payment/subscription/expired")({
  component: SubscriptionExpiredPage,
});
