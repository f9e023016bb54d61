// Waitlist offers by WhatsApp (docs/decisions/0046-waitlist.md, "Sending"; the channel of decision 0050): when the
// tenant has the WhatsApp Cloud API set up and the client has a reachable number and has not opted out, the offer goes
// as an interactive message with 'Aceitar' / 'Recusar' reply buttons whose ids carry the hold (`ACEITAR:<hold>`,
// `RECUSAR:<hold>`); the webhook (replies.ts) acts on the tap. Anything else is not sent: the call by the agent
// (offer-call.ts, docs/decisions/0057-waitlist-offer-call.md) or the clinic's staff on the dashboard.
import type { DataAccess } from "@atende/db";
import type { ApiConfig } from "../config";
import type { WaitlistOffer } from "../offer-sender";
import { dayAndTime } from "./appointment-view";
import { OFFER_MESSAGES } from "./messages";
import { loadSettings, whatsappCredentials } from "./settings";
import { buttonsBody, sendWhatsapp, WhatsappError } from "./whatsapp";

/** The reply buttons' ids: the action and the hold it answers. */
export const OFFER_BUTTONS = { accept: "ACEITAR", decline: "RECUSAR" } as const;

/** The interactive message of an offer: what, with whom, where, when, and until when it is held. */
export function offerMessage(offer: WaitlistOffer): Record<string, unknown> {
  const { date, time, weekday } = dayAndTime(offer.startsAt);
  const text = OFFER_MESSAGES.offer({
    name: offer.clientName.split(/\s+/)[0] ?? offer.clientName,
    service: offer.serviceName,
    professional: offer.professionalName,
    place: offer.establishmentName,
    weekday,
    date,
    time,
    until: dayAndTime(offer.expiresAt).time,
  });
  return buttonsBody(text, [
    { id: `${OFFER_BUTTONS.accept}:${offer.holdId}`, title: OFFER_MESSAGES.accept },
    { id: `${OFFER_BUTTONS.decline}:${offer.holdId}`, title: OFFER_MESSAGES.decline },
  ]);
}

/**
 * Sends the offer by WhatsApp when the tenant has it set up and the client can be reached and has not opted out;
 * answers whether it went out (a refusal or no answer from the Graph API is "not sent": another channel or the staff).
 */
export async function sendOfferByWhatsapp(
  config: ApiConfig,
  data: DataAccess,
  offer: WaitlistOffer,
): Promise<boolean> {
  if (offer.optedOut || !offer.clientPhoneE164) return false;
  const settings = await data.inTenant(offer.tenantId, loadSettings);
  const credentials = whatsappCredentials(offer.tenantId, settings, config);
  if (!credentials) return false;
  try {
    // WhatsApp ids are the number's digits with the country code.
    await sendWhatsapp(
      config.confirmations,
      credentials,
      offer.clientPhoneE164.replace(/\D/g, ""),
      offerMessage(offer),
    );
    return true;
  } catch (error) {
    // Refused or unreachable: another channel, or the staff answer the offer from the dashboard instead.
    if (error instanceof WhatsappError) return false;
    throw error;
  }
}
