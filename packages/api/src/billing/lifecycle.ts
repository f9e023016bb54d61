// The subscription's life as a state machine (docs/decisions/0023-billing.md; issue #21): every change of its status,
// and what goes with it, decided here and nowhere else. Pure: a status (none before the first payment) and an event
// in, the next status and the effects out. ./apply-transition.ts is the one place that writes the status it answers
// and carries out the effects; the services only name the event and give the effects' details.
//
//                 trialPaid             cyclePaid (any state, none included)
//   (none) ───────────────────▶ TRIAL ─────────────────────────────▶ ACTIVE
//                                 │ trialEndedWithoutCard              │ renewalMissed (refused charge, invoice)
//                                 ▼                                    ▼
//                              EXPIRED                              PAST_DUE ──graceRanOut──▶ SUSPENDED
//   cancelledCycleEnded: TRIAL/ACTIVE (with cancelAtPeriodEnd) ▶ CANCELED; cancelAsked: PAST_DUE ▶ CANCELED at once,
//   TRIAL/ACTIVE keep their status with cancelAtPeriodEnd until their period ends. planChangeAsked and cardSaved move
//   no status: they say whether the owner may do it now (a plan change only while TRIAL or ACTIVE and not cancelling)
//   and what follows (a card saved while PAST_DUE is charged at the renewal job's next pass).
import type { SubscriptionStatus } from "@atende/shared/enums";
import { BILLING_MESSAGES as M } from "@atende/shared/schemas/billing";

export type SubscriptionEvent =
  /** A trial checkout was paid (the card check). */
  | "trialPaid"
  /** A cycle was paid: a first purchase, a renewal, a comeback. */
  | "cyclePaid"
  /** The owner asked to cancel (`PUT /subscription/cancel`). */
  | "cancelAsked"
  /** The renewal job found the period over with the cancellation asked. */
  | "cancelledCycleEnded"
  /** The renewal job found the trial over without a card. */
  | "trialEndedWithoutCard"
  /** A renewal charge was refused, or an invoice was sent (or reminded) instead of a charge. */
  | "renewalMissed"
  /** The past-due grace ran out. */
  | "graceRanOut"
  /** The owner asked to change plan (`PUT /subscription/change-plan`). */
  | "planChangeAsked"
  /** The owner saved a card (`PUT /subscription/update-credit-card`). */
  | "cardSaved";

export type SubscriptionEffect =
  /** Start the trial's minutes (the trial's row is created with them). */
  | "grantTrialMinutes"
  /** Grant the paid cycle's minutes. */
  | "grantCycleMinutes"
  /** What the trial had left ends when the paid cycle starts. */
  | "endTrialGrants"
  /** Keep access to the period's end, then end (`cancelAtPeriodEnd`). */
  | "cancelAtPeriodEnd"
  /** No more renewal attempts. */
  | "stopRetries"
  /** One more missed renewal counted, the next attempt scheduled. */
  | "scheduleRetry"
  /** The next renewal attempt is due now (a new card to try). */
  | "retryNow"
  /** The owners are told (the text is the event's: ./emails.ts). */
  | "emailOwners";

/** Where the subscription stands: its status (none before the first payment) and whether cancellation was asked. */
export interface SubscriptionState {
  status: SubscriptionStatus | undefined;
  cancelAtPeriodEnd: boolean;
}

export type Transition =
  | { ok: true; status: SubscriptionStatus; effects: readonly SubscriptionEffect[] }
  /** The event does not apply in this state: `refusal` is the pt-BR message of a 409 when a person asked. */
  | { ok: false; refusal: string };

const refused = (refusal: string): Transition => ({ ok: false, refusal });
const to = (status: SubscriptionStatus, ...effects: SubscriptionEffect[]): Transition => ({
  ok: true,
  status,
  effects,
});

/** What `event` does to a subscription in `state`. */
export function transition(state: SubscriptionState, event: SubscriptionEvent): Transition {
  const { status } = state;
  const running = status === "TRIAL" || status === "ACTIVE";
  switch (event) {
    case "trialPaid":
      // One trial per tenant: any subscription already there is left as it is.
      return status === undefined ? to("TRIAL", "grantTrialMinutes") : refused(M.trialUsed);
    case "cyclePaid":
      return status === "TRIAL"
        ? to("ACTIVE", "endTrialGrants", "grantCycleMinutes")
        : to("ACTIVE", "grantCycleMinutes");
    case "cancelAsked":
      if (status === undefined) return refused(M.subscriptionNotFound);
      if (!running && status !== "PAST_DUE") return refused(M.cancelNotAllowed);
      if (state.cancelAtPeriodEnd) return refused(M.alreadyCanceling);
      // Past due: nothing more will be charged and there is no paid cycle to run out, so it ends now.
      return status === "PAST_DUE"
        ? to("CANCELED", "stopRetries", "emailOwners")
        : to(status, "cancelAtPeriodEnd", "emailOwners");
    case "cancelledCycleEnded":
      return (running || status === "PAST_DUE") && state.cancelAtPeriodEnd
        ? to("CANCELED", "emailOwners")
        : refused(M.cancelNotAllowed);
    case "trialEndedWithoutCard":
      return status === "TRIAL" ? to("EXPIRED", "emailOwners") : refused(M.changeNotAllowed);
    case "renewalMissed":
      return running || status === "PAST_DUE"
        ? to("PAST_DUE", "scheduleRetry", "emailOwners")
        : refused(M.changeNotAllowed);
    case "graceRanOut":
      return status === "PAST_DUE"
        ? to("SUSPENDED", "stopRetries", "emailOwners")
        : refused(M.changeNotAllowed);
    case "planChangeAsked":
      if (status === undefined) return refused(M.subscriptionNotFound);
      return running && !state.cancelAtPeriodEnd ? to(status) : refused(M.changeNotAllowed);
    case "cardSaved":
      if (status === undefined) return refused(M.subscriptionNotFound);
      return status === "PAST_DUE" ? to(status, "retryNow") : to(status);
  }
}
