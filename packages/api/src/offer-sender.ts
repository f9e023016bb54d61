// How a waitlist offer reaches the client (docs/decisions/0046-waitlist.md): a channel behind one small interface,
// chosen by the composition root. The default is the clinic's own staff: no message goes out, the dashboard shows the
// pending offer and whoever phones the client accepts or declines it there (or an integrator, over REST). A WhatsApp
// message or a call by the agent plugs in here as another `OfferSender` (docs/decisions/0057-waitlist-offer-call.md).
import { type ContactWindow, DEFAULT_CONTACT_WINDOW } from "@atende/shared/holidays";

/** What a channel needs to tell the client about an offer. */
export interface WaitlistOffer {
  tenantId: string;
  /** The hold's id: accepting or declining the offer names it. */
  holdId: string;
  clientId: string;
  clientName: string;
  /** E.164 or as the clinic typed it; the channel decides whether it can reach it. */
  clientPhone: string | null;
  /** The phone as E.164 when it reads as a Brazilian number: what WhatsApp can reach. */
  clientPhoneE164: string | null;
  /** The client asked not to be contacted (decision 0050): no channel sends them the offer. */
  optedOut: boolean;
  /** The client asked to be called about offers rather than messaged. */
  offerByCall: boolean;
  serviceName: string;
  professionalName: string;
  establishmentName: string;
  startsAt: Date;
  /** Until when the slot is held for the client. */
  expiresAt: Date;
}

/**
 * `sent`: a channel delivered it (a message went out, a call was placed), named in `via` and recorded on the hold as
 * how the offer went out (`sentVia`); otherwise the clinic's staff answer it from the dashboard.
 */
export type OfferDelivery = { sent: true; via: string } | { sent: false };

export const NOT_SENT: OfferDelivery = { sent: false };

export interface OfferSender {
  /** Called outside a transaction, once per hold, inside the tenant's contact window. */
  send(offer: WaitlistOffer, now: Date): Promise<OfferDelivery>;
  /** When the tenant may be contacted (its calling window; decision 0045): offers are made and sent only inside it. */
  contactWindow(tenantId: string): Promise<ContactWindow>;
}

/** The channel-less default: nothing is sent; the offer waits on the dashboard ("STAFF"). */
export const STAFF_OFFER_SENDER: OfferSender = {
  send: () => Promise.resolve(NOT_SENT),
  contactWindow: () => Promise.resolve(DEFAULT_CONTACT_WINDOW),
};
