import { maskCardNumber, maskCpfCnpj } from "@atende/shared/documents";
import { maskCep, maskPhone } from "@atende/shared/format";
import { CreditCardFields, CreditCardHolderInfoFields } from "@atende/shared/schemas/billing";
import { z } from "@atende/shared/zod";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { type Path, useForm } from "react-hook-form";
import { Spinner } from "../../components/spinner";
import { Button } from "../../components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { applyServerIssues } from "../../lib/server-errors";
import { useClaims } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";
import { useUpdateCard } from "./card-update";
import { MaskedInput } from "./masked-input";

// Mercado Pago's card fields and its SDK script load only when that provider takes payments and this dialog opens.
const MercadoPagoCardForm = lazy(() => import("./mercado-pago-card-form"));

/** 'Atualizar Cartão' (spec 000 §2, §5): the card form of the provider that takes payments here. */
export function UpdateCardDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Atualizar Cartão"
        description="O cartão das próximas cobranças do seu plano. Guardamos só a bandeira e os 4 últimos dígitos."
        className="max-w-2xl"
      >
        {open && <CardFormByProvider onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CardFormByProvider({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const settings = useQuery(trpc.billing.paymentSettings.queryOptions());
  if (settings.isPending) return <Spinner label="Carregando..." className="py-8" />;
  if (settings.data?.provider === "mercadopago" && settings.data.mercadoPagoPublicKey)
    return (
      <Suspense fallback={<Spinner label="Carregando..." className="py-8" />}>
        <MercadoPagoCardForm publicKey={settings.data.mercadoPagoPublicKey} onDone={onDone} />
      </Suspense>
    );
  // The sandbox (and a failed settings call: the server then says what it accepts when the form is sent).
  return <SandboxCardForm onDone={onDone} />;
}

/** The spec's card payload, validated by the same schemas as the server's (packages/shared). */
const CardForm = z.object({ creditCard: CreditCardFields, creditCardHolderInfo: CreditCardHolderInfoFields });
type CardFormInput = z.input<typeof CardForm>;
type CardFormOutput = z.output<typeof CardForm>;

const FIELDS: readonly Path<CardFormInput>[] = [
  "creditCard.holderName",
  "creditCard.number",
  "creditCard.expiryMonth",
  "creditCard.expiryYear",
  "creditCard.ccv",
  "creditCardHolderInfo.name",
  "creditCardHolderInfo.email",
  "creditCardHolderInfo.cpfCnpj",
  "creditCardHolderInfo.postalCode",
  "creditCardHolderInfo.addressNumber",
  "creditCardHolderInfo.addressComplement",
  "creditCardHolderInfo.phone",
  "creditCardHolderInfo.mobilePhone",
];

const digits = (max: number) => (value: string) => value.replace(/\D/g, "").slice(0, max);

function SandboxCardForm({ onDone }: { onDone: () => void }) {
  const claims = useClaims();
  const form = useForm<CardFormInput, unknown, CardFormOutput>({
    resolver: zodResolver(CardForm),
    defaultValues: {
      creditCard: { holderName: "", number: "", expiryMonth: "", expiryYear: "", ccv: "" },
      creditCardHolderInfo: {
        name: claims?.name ?? "",
        email: claims?.email ?? "",
        cpfCnpj: "",
        postalCode: "",
        addressNumber: "",
        addressComplement: "",
        phone: "",
        mobilePhone: "",
      },
    },
  });
  const { control, formState, handleSubmit, register, setError } = form;
  const card = formState.errors.creditCard;
  const holder = formState.errors.creditCardHolderInfo;
  const { update, pending } = useUpdateCard({
    onSuccess: onDone,
    onError: (error) => applyServerIssues(error, FIELDS, setError),
  });

  const submit = handleSubmit((values) =>
    update({
      creditCard: values.creditCard,
      creditCardHolderInfo: {
        ...values.creditCardHolderInfo,
        addressComplement: values.creditCardHolderInfo.addressComplement || null,
        mobilePhone: values.creditCardHolderInfo.mobilePhone || null,
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-sm font-semibold text-slate-900">Dados do cartão</legend>
        <Field label="Nome do portador" required error={card?.holderName?.message}>
          {(aria) => (
            <Input {...aria} autoComplete="cc-name" maxLength={100} {...register("creditCard.holderName")} />
          )}
        </Field>
        <Field label="Número do cartão" required error={card?.number?.message}>
          {(aria) => (
            <MaskedInput
              aria={aria}
              control={control}
              name="creditCard.number"
              mask={maskCardNumber}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="0000 0000 0000 0000"
              maxLength={23}
            />
          )}
        </Field>
        <div className="grid grid-cols-3 gap-3">
          <Field label="Mês" required error={card?.expiryMonth?.message}>
            {(aria) => (
              <MaskedInput
                aria={aria}
                control={control}
                name="creditCard.expiryMonth"
                mask={digits(2)}
                inputMode="numeric"
                autoComplete="cc-exp-month"
                placeholder="MM"
                maxLength={2}
              />
            )}
          </Field>
          <Field label="Ano" required error={card?.expiryYear?.message}>
            {(aria) => (
              <MaskedInput
                aria={aria}
                control={control}
                name="creditCard.expiryYear"
                mask={digits(4)}
                inputMode="numeric"
                autoComplete="cc-exp-year"
                placeholder="AAAA"
                maxLength={4}
              />
            )}
          </Field>
          <Field label="CCV" required error={card?.ccv?.message}>
            {(aria) => (
              <MaskedInput
                aria={aria}
                control={control}
                name="creditCard.ccv"
                mask={digits(4)}
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder="123"
                maxLength={4}
              />
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-sm font-semibold text-slate-900">Dados do titular</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Nome completo" required error={holder?.name?.message}>
            {(aria) => (
              <Input
                {...aria}
                autoComplete="name"
                maxLength={100}
                {...register("creditCardHolderInfo.name")}
              />
            )}
          </Field>
          <Field label="Email" required error={holder?.email?.message}>
            {(aria) => (
              <Input
                {...aria}
                type="email"
                autoComplete="email"
                maxLength={254}
                {...register("creditCardHolderInfo.email")}
              />
            )}
          </Field>
          <Field label="CPF/CNPJ" required error={holder?.cpfCnpj?.message}>
            {(aria) => (
              <MaskedInput
                aria={aria}
                control={control}
                name="creditCardHolderInfo.cpfCnpj"
                mask={maskCpfCnpj}
                inputMode="numeric"
                placeholder="000.000.000-00"
                maxLength={18}
              />
            )}
          </Field>
          <Field label="CEP" required error={holder?.postalCode?.message}>
            {(aria) => (
              <MaskedInput
                aria={aria}
                control={control}
                name="creditCardHolderInfo.postalCode"
                mask={maskCep}
                inputMode="numeric"
                autoComplete="postal-code"
                placeholder="00000-000"
                maxLength={9}
              />
            )}
          </Field>
          <Field label="Número do endereço" required error={holder?.addressNumber?.message}>
            {(aria) => <Input {...aria} maxLength={20} {...register("creditCardHolderInfo.addressNumber")} />}
          </Field>
          <Field label="Complemento" error={holder?.addressComplement?.message}>
            {(aria) => (
              <Input {...aria} maxLength={100} {...register("creditCardHolderInfo.addressComplement")} />
            )}
          </Field>
          <Field label="Telefone" required error={holder?.phone?.message}>
            {(aria) => (
              <MaskedInput
                aria={aria}
                control={control}
                name="creditCardHolderInfo.phone"
                mask={maskPhone}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="(00) 0000-0000"
                maxLength={15}
              />
            )}
          </Field>
          <Field label="Celular" error={holder?.mobilePhone?.message}>
            {(aria) => (
              <MaskedInput
                aria={aria}
                control={control}
                name="creditCardHolderInfo.mobilePhone"
                mask={maskPhone}
                type="tel"
                inputMode="tel"
                placeholder="(00) 00000-0000"
                maxLength={15}
              />
            )}
          </Field>
        </div>
      </fieldset>

      <DialogFooter className="mt-0">
        <DialogClose asChild>
          <Button variant="secondary">Cancelar</Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? "Salvando..." : "Salvar cartão"}
        </Button>
      </DialogFooter>
    </form>
  );
}
