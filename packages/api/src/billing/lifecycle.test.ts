// The subscription's state machine, every transition: each status (none before the first payment) under each event,
// with and without a cancellation asked. A change of the table here is a change of the product's billing rules.
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "@atende/shared/enums";
import { BILLING_MESSAGES as M } from "@atende/shared/schemas/billing";
import { describe, expect, it } from "vitest";
import { type SubscriptionEvent, transition } from "./lifecycle";

const EVENTS = [
  "trialPaid",
  "cyclePaid",
  "cancelAsked",
  "cancelledCycleEnded",
  "trialEndedWithoutCard",
  "renewalMissed",
  "graceRanOut",
  "planChangeAsked",
  "cardSaved",
] as const satisfies readonly SubscriptionEvent[];
// Every event is a column: an event added to the machine and not to this table fails to compile.
const EVERY_EVENT: Exclude<SubscriptionEvent, (typeof EVENTS)[number]> extends never ? true : never = true;
type From = SubscriptionStatus | "none";
const FROM: From[] = ["none", ...SUBSCRIPTION_STATUSES];

/** A transition written as one line: `STATUS effect effect`, or `409 <message>` when the event does not apply. */
function show(from: From, cancelAtPeriodEnd: boolean, event: SubscriptionEvent): string {
  const moved = transition({ status: from === "none" ? undefined : from, cancelAtPeriodEnd }, event);
  return moved.ok ? [moved.status, ...moved.effects].join(" ") : `409 ${moved.refusal}`;
}

const notFound = `409 ${M.subscriptionNotFound}`;
const cancelNo = `409 ${M.cancelNotAllowed}`;
const already = `409 ${M.alreadyCanceling}`;
const no = `409 ${M.changeNotAllowed}`;
const trialUsed = `409 ${M.trialUsed}`;

// Rows: from; columns: EVENTS in order.
const WITHOUT_CANCELLATION: Record<From, string[]> = {
  none: [
    "TRIAL grantTrialMinutes",
    "ACTIVE grantCycleMinutes",
    notFound,
    cancelNo,
    no,
    no,
    no,
    notFound,
    notFound,
  ],
  TRIAL: [
    trialUsed,
    "ACTIVE endTrialGrants grantCycleMinutes",
    "TRIAL cancelAtPeriodEnd emailOwners",
    cancelNo,
    "EXPIRED emailOwners",
    "PAST_DUE scheduleRetry emailOwners",
    no,
    "TRIAL",
    "TRIAL",
  ],
  ACTIVE: [
    trialUsed,
    "ACTIVE grantCycleMinutes",
    "ACTIVE cancelAtPeriodEnd emailOwners",
    cancelNo,
    no,
    "PAST_DUE scheduleRetry emailOwners",
    no,
    "ACTIVE",
    "ACTIVE",
  ],
  PAST_DUE: [
    trialUsed,
    "ACTIVE grantCycleMinutes",
    "CANCELED stopRetries emailOwners",
    cancelNo,
    no,
    "PAST_DUE scheduleRetry emailOwners",
    "SUSPENDED stopRetries emailOwners",
    no,
    "PAST_DUE retryNow",
  ],
  SUSPENDED: [trialUsed, "ACTIVE grantCycleMinutes", cancelNo, cancelNo, no, no, no, no, "SUSPENDED"],
  CANCELED: [trialUsed, "ACTIVE grantCycleMinutes", cancelNo, cancelNo, no, no, no, no, "CANCELED"],
  EXPIRED: [trialUsed, "ACTIVE grantCycleMinutes", cancelNo, cancelNo, no, no, no, no, "EXPIRED"],
};

// Where a cancellation was asked, only these differ from the table above.
const WITH_CANCELLATION: Partial<Record<From, Partial<Record<SubscriptionEvent, string>>>> = {
  TRIAL: { cancelAsked: already, cancelledCycleEnded: "CANCELED emailOwners", planChangeAsked: no },
  ACTIVE: { cancelAsked: already, cancelledCycleEnded: "CANCELED emailOwners", planChangeAsked: no },
  PAST_DUE: { cancelAsked: already, cancelledCycleEnded: "CANCELED emailOwners" },
};

describe("the subscription's transitions", () => {
  it("covers every status the database knows, and every event", () => {
    expect(EVERY_EVENT).toBe(true);
    expect(Object.keys(WITHOUT_CANCELLATION).sort()).toEqual([...FROM].sort());
  });

  it.each(FROM)("from %s, no cancellation asked", (from) => {
    expect(EVENTS.map((event) => show(from, false, event))).toEqual(WITHOUT_CANCELLATION[from]);
  });

  it.each(FROM)("from %s, a cancellation asked", (from) => {
    const expected = EVENTS.map(
      (event, i) => WITH_CANCELLATION[from]?.[event] ?? WITHOUT_CANCELLATION[from][i],
    );
    expect(EVENTS.map((event) => show(from, true, event))).toEqual(expected);
  });
});
