import { createFileRoute } from "@tanstack/react-router";
import { MinutePackCancelPage } from "../../../features/payment/cancel-pages";

/** spec 000 §2: public. */
export const Route = createFileRoute("/payment/minute-pack/cancel")({
  component: MinutePackCancelPage,
});
