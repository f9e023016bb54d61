// Which payment provider runs (ARCHITECTURE.md "Real parts and their embedded defaults"): Mercado Pago when its access
// token is set, else the embedded sandbox. One instance per database handle, so every request shares it.
import type { DataAccess } from "@atende/db";
import type { ApiConfig } from "../config";
import { mercadopagoProvider } from "./mercadopago";
import type { PaymentProvider } from "./provider";
import { sandboxProvider } from "./sandbox";

const providers = new WeakMap<DataAccess, PaymentProvider>();

export function paymentProviderFor(config: ApiConfig, data: DataAccess): PaymentProvider {
  let provider = providers.get(data);
  if (!provider) {
    provider = config.billing.mercadopago
      ? mercadopagoProvider(config.billing.mercadopago, { serverOrigin: config.serverOrigin })
      : sandboxProvider(data, config.serverOrigin);
    providers.set(data, provider);
  }
  return provider;
}
