// The card update with Mercado Pago (ARCHITECTURE.md "Billing", Card data): the card number, expiry and security code
// are typed into Mercado Pago's Secure Fields (iframes served by Mercado Pago, mounted from its SDK script), which turn
// them into a card token in the browser; our server receives `{cardToken, paymentMethodId}` and never the card.
//
// Everything Mercado Pago-specific lives in this file, loaded on demand by update-card-dialog.tsx when the server's
// provider is 'mercadopago'. It cannot be exercised here (no network, no keys): the e2e suite runs with the sandbox.
// The SDK's calls follow its documentation (github.com/mercadopago/sdk-js, docs/fields.md and docs/core-methods.md).

import { BILLING_MESSAGES } from "@atende/shared/billing";
import { maskCpfCnpj } from "@atende/shared/documents";
import { CreditCardHolderInfoFields } from "@atende/shared/schemas/billing";
import type { z } from "@atende/shared/zod";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Spinner } from "../../components/spinner";
import { Button } from "../../components/ui/button";
import { DialogClose, DialogFooter } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { controlClass, Input } from "../../components/ui/input";
import { cn } from "../../lib/cn";
import { useUpdateCard } from "./card-update";
import { MaskedInput } from "./masked-input";

const SDK_URL = "https://sdk.mercadopago.com/js/v2";

// ─── The slice of the SDK used here (MercadoPago.js v2) ──────────────────────────────────────────────────────────

type SecureFieldType = "cardNumber" | "expirationDate" | "securityCode";
type SecureFieldEvent = "ready" | "validityChange" | "binChange" | "error";

interface SecureField {
  mount(containerId: string): SecureField;
  unmount(): void;
  on(event: SecureFieldEvent, callback: (event: SecureFieldEventData) => void): SecureField;
}

interface SecureFieldEventData {
  field: string;
  bin?: string | null;
  errorMessages?: { message: string; cause: string }[];
}

interface MercadoPagoInstance {
  fields: {
    create(
      type: SecureFieldType,
      options: {
        placeholder?: string;
        srLabel?: string;
        ariaRequired?: boolean;
        style?: Record<string, string>;
      },
    ): SecureField;
    createCardToken(data: {
      cardholderName: string;
      identificationType: string;
      identificationNumber: string;
    }): Promise<{ id: string } | undefined>;
  };
  getPaymentMethods(query: { bin: string }): Promise<{ results: { id: string }[] }>;
}

type MercadoPagoConstructor = new (publicKey: string, options?: { locale?: string }) => MercadoPagoInstance;

declare global {
  interface Window {
    MercadoPago?: MercadoPagoConstructor;
  }
}

let sdk: Promise<MercadoPagoConstructor> | undefined;

/** Adds the SDK's script once per page; later calls share the same load. */
function loadSdk(): Promise<MercadoPagoConstructor> {
  sdk ??= new Promise<MercadoPagoConstructor>((resolve, reject) => {
    if (window.MercadoPago) {
      resolve(window.MercadoPago);
      return;
    }
    const script = document.createElement("script");
    script.src = SDK_URL;
    script.async = true;
    script.onload = () =>
      window.MercadoPago ? resolve(window.MercadoPago) : reject(new Error("no MercadoPago"));
    script.onerror = () => reject(new Error("Mercado Pago SDK not loaded"));
    document.head.append(script);
  }).catch((error: unknown) => {
    sdk = undefined; // a later opening of the dialog tries again
    throw error;
  });
  return sdk;
}

// ─── The form ────────────────────────────────────────────────────────────────────────────────────────────────────

/** The fields of ours around the secure ones: the holder's name and document, as the server's schema checks them. */
const HolderForm = CreditCardHolderInfoFields.pick({ name: true, cpfCnpj: true });
type HolderInput = z.input<typeof HolderForm>;
type HolderOutput = z.output<typeof HolderForm>;

const FIELD_STYLE = { fontSize: "14px", color: "#0f172a", placeholderColor: "#64748b", height: "100%" };

export default function MercadoPagoCardForm({
  publicKey,
  onDone,
}: {
  publicKey: string;
  onDone: () => void;
}) {
  const ids = { cardNumber: useId(), expirationDate: useId(), securityCode: useId() };
  const mp = useRef<MercadoPagoInstance | null>(null);
  const paymentMethodId = useRef<string | undefined>(undefined);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
  const [cardError, setCardError] = useState<string | null>(null);
  const [tokenizing, setTokenizing] = useState(false);

  const form = useForm<HolderInput, unknown, HolderOutput>({
    resolver: zodResolver(HolderForm),
    defaultValues: { name: "", cpfCnpj: "" },
  });
  const { update, pending } = useUpdateCard({ onSuccess: onDone });

  useEffect(() => {
    let mounted: SecureField[] = [];
    let cancelled = false;
    loadSdk()
      .then((MercadoPago) => {
        if (cancelled) return;
        const instance = new MercadoPago(publicKey, { locale: "pt-BR" });
        mp.current = instance;
        const cardNumber = instance.fields
          .create("cardNumber", {
            placeholder: "0000 0000 0000 0000",
            srLabel: "Número do cartão",
            ariaRequired: true,
            style: FIELD_STYLE,
          })
          .mount(container(ids.cardNumber));
        cardNumber.on("binChange", (event) => {
          const bin = event.bin;
          if (!bin) {
            paymentMethodId.current = undefined;
            return;
          }
          instance
            .getPaymentMethods({ bin })
            .then((methods) => {
              paymentMethodId.current = methods.results[0]?.id;
            })
            .catch(() => {
              paymentMethodId.current = undefined;
            });
        });
        const expiration = instance.fields
          .create("expirationDate", {
            placeholder: "MM/AA",
            srLabel: "Validade",
            ariaRequired: true,
            style: FIELD_STYLE,
          })
          .mount(container(ids.expirationDate));
        const securityCode = instance.fields
          .create("securityCode", {
            placeholder: "123",
            srLabel: "CCV",
            ariaRequired: true,
            style: FIELD_STYLE,
          })
          .mount(container(ids.securityCode));
        mounted = [cardNumber, expiration, securityCode];
        for (const field of mounted)
          field.on("validityChange", (event) => {
            if (event.errorMessages?.length) setCardError(BILLING_MESSAGES.cardNumberInvalid);
            else setCardError(null);
          });
        setStatus("ready");
      })
      .catch(() => {
        if (!cancelled) setStatus("failed");
      });
    return () => {
      cancelled = true;
      for (const field of mounted) field.unmount();
    };
  }, [publicKey, ids.cardNumber, ids.expirationDate, ids.securityCode]);

  const submit = form.handleSubmit(async (holder) => {
    const instance = mp.current;
    if (!instance) return;
    setTokenizing(true);
    try {
      const token = await instance.fields.createCardToken({
        cardholderName: holder.name,
        identificationType: holder.cpfCnpj.length === 14 ? "CNPJ" : "CPF",
        identificationNumber: holder.cpfCnpj,
      });
      if (!token?.id) {
        setCardError(BILLING_MESSAGES.cardNumberInvalid);
        return;
      }
      update(
        paymentMethodId.current
          ? { cardToken: token.id, paymentMethodId: paymentMethodId.current }
          : { cardToken: token.id },
      );
    } catch {
      // The SDK refuses an invalid card before any call; its fields show what is wrong.
      setCardError(BILLING_MESSAGES.cardFailure);
    } finally {
      setTokenizing(false);
    }
  });

  if (status === "failed")
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700">
        Não foi possível carregar o formulário seguro do Mercado Pago. Verifique sua conexão e tente
        novamente.
      </p>
    );

  // The iframe inside each container is named by the SDK (`srLabel`); the visible label is for sighted users.
  const secureField = (id: string, label: string) => (
    <div className="flex min-w-0 flex-col gap-1.5">
      <span aria-hidden="true" className="text-sm font-medium text-slate-800">
        {label}
        <span className="text-red-700"> *</span>
      </span>
      <div id={container(id)} className={cn(controlClass, "h-10 py-0")} />
    </div>
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {status === "loading" && <Spinner label="Carregando formulário seguro..." className="py-4" />}
      <div className={cn("flex flex-col gap-4", status === "loading" && "sr-only")}>
        <Field label="Nome do portador" required error={form.formState.errors.name?.message}>
          {(aria) => <Input {...aria} autoComplete="cc-name" maxLength={100} {...form.register("name")} />}
        </Field>
        <Field label="CPF/CNPJ do titular" required error={form.formState.errors.cpfCnpj?.message}>
          {(aria) => (
            <MaskedInput
              aria={aria}
              control={form.control}
              name="cpfCnpj"
              mask={maskCpfCnpj}
              inputMode="numeric"
              placeholder="000.000.000-00"
              maxLength={18}
            />
          )}
        </Field>
        {secureField(ids.cardNumber, "Número do cartão")}
        <div className="grid grid-cols-2 gap-3">
          {secureField(ids.expirationDate, "Validade")}
          {secureField(ids.securityCode, "CCV")}
        </div>
        {cardError && (
          <p role="alert" className="text-xs text-red-700">
            {cardError}
          </p>
        )}
        <p className="text-xs text-slate-600">
          Os dados do cartão são digitados em campos do Mercado Pago e não passam pelos nossos servidores.
        </p>
      </div>
      <DialogFooter className="mt-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancelar</Button>
        </DialogClose>
        <Button type="submit" disabled={status !== "ready" || tokenizing || pending}>
          {tokenizing || pending ? "Salvando..." : "Salvar cartão"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** A secure field's container id: React's ids hold ':', which the SDK's mount by id does not take. */
function container(id: string): string {
  return `mp-${id.replace(/[^a-zA-Z0-9_-]/g, "")}`;
}
