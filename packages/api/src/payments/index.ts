// Which payment provider runs (ARCHITECTURE.md "Real parts and their embedded defaults"): Mercado Pago when its access
// token is set, else the embedded sandbox. The composition root builds it once (docs/decisions/0043-composition-root.md).
import type { DataAccess } from "@atende/db";
import type { ApiConfig } from "../config";
import { mercadopagoProvider } from "./mercadopago";
import type { PaymentProvider } from "./provider";
import { sandboxProvider } from "./sandbox";

export function createPaymentProvider(config: ApiConfig, data: DataAccess): PaymentProvider {
  return config.billing.mercadopago
    ? mercadopagoProvider(config.billing.mercadopago, { serverOrigin: config.serverOrigin })
    : sandboxProvider(data, config.serverOrigin);
}
