// What the pricing section shows (spec 000 §2 "Pricing"): the plans and the Pack Avulso offer, or the error text in
// place of the cards. The server renders / with the catalogue it read (and hands the same state to the page for
// hydration); the single-page app's copy of / fetches it.
import type { MinutePackOffer, Plan } from "@atende/shared/schemas/billing";
import { useEffect, useState } from "react";
import { publicRequest } from "./public-api";

export type PricingState =
  | { status: "loading" }
  | { status: "ready"; plans: readonly Plan[]; offer: MinutePackOffer | null }
  | { status: "error"; message: string };

/** spec 000 §2/§8: the error's text, or this one when there is none. */
export const UNKNOWN_ERROR = "Erro desconhecido";

/** GET /plans and GET /minute-pack, for the single-page app's copy of the landing page. */
export function useFetchedPricing(): PricingState {
  const [state, setState] = useState<PricingState>({ status: "loading" });
  useEffect(() => {
    let live = true;
    void Promise.all([
      publicRequest<{ plans: Plan[] }>("GET", "/plans"),
      publicRequest<MinutePackOffer>("GET", "/minute-pack"),
    ]).then(([plans, offer]) => {
      if (!live) return;
      setState(
        plans.ok
          ? { status: "ready", plans: plans.data.plans, offer: offer.ok ? offer.data : null }
          : { status: "error", message: plans.message ?? UNKNOWN_ERROR },
      );
    });
    return () => {
      live = false;
    };
  }, []);
  return state;
}
