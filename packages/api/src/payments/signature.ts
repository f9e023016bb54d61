// Mercado Pago's webhook signature (ARCHITECTURE.md "Billing", Webhooks): `x-signature: ts=…,v1=…`, an HMAC-SHA256 in
// hex over the manifest `id:{data.id};request-id:{x-request-id};ts:{ts};` with the webhook secret. Checked with the
// SDK's own validator; the sandbox signs its notifications the same way, so both reach one handler.
import { createHmac } from "node:crypto";
import { WebhookSignatureValidator } from "mercadopago";

/** A notification older (or newer) than this is refused as a replay (the SDK's tolerance, in seconds). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface WebhookSignatureInput {
  xSignature: string;
  xRequestId: string;
  dataId: string;
  secret: string;
  now: Date;
}

/** Whether the notification was signed with `secret` within the tolerance. */
export function isValidWebhookSignature(input: WebhookSignatureInput): boolean {
  try {
    WebhookSignatureValidator.validate({
      xSignature: input.xSignature,
      xRequestId: input.xRequestId,
      // Mercado Pago signs an alphanumeric data.id lower-cased (its documentation's rule).
      dataId: input.dataId.toLowerCase(),
      secret: input.secret,
      toleranceSeconds: WEBHOOK_TOLERANCE_SECONDS,
      now: () => input.now.getTime(),
    });
    return true;
  } catch {
    return false;
  }
}

/** The `x-signature` header Mercado Pago would send for this notification (the sandbox's, and the tests'). */
export function signWebhook(input: {
  dataId: string;
  xRequestId: string;
  secret: string;
  now: Date;
}): string {
  const ts = Math.floor(input.now.getTime() / 1000);
  const manifest = `id:${input.dataId.toLowerCase()};request-id:${input.xRequestId};ts:${ts};`;
  const v1 = createHmac("sha256", input.secret).update(manifest).digest("hex");
  return `ts=${ts},v1=${v1}`;
}
