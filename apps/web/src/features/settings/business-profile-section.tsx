import { BUSINESS_TYPE_LABELS, LIMITS } from "@atende/shared/catalogue-constants";
import { BUSINESS_TYPES } from "@atende/shared/enums";
import {
  TENANT_PROFILE_MESSAGES,
  type TenantProfile,
  type TenantProfileUpdate,
  TenantProfileUpdateInput,
} from "@atende/shared/schemas/tenant-profile";
import type { z } from "@atende/shared/zod";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { Controller, type Path, useForm } from "react-hook-form";
import { Spinner } from "../../components/spinner";
import { Button } from "../../components/ui/button";
import { CharacterCount, Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { ErrorState } from "../../components/ui/states";
import { Textarea } from "../../components/ui/textarea";
import { useTRPC } from "../../lib/trpc";
import { useSaveFeedback } from "../../lib/use-save-feedback";

type FormValues = z.input<typeof TenantProfileUpdateInput>;

const FIELDS: readonly Path<FormValues>[] = [
  "name",
  "businessType",
  "openingHours",
  "paymentMethods",
  "notes",
];
const L = LIMITS.tenantProfile;
const blankAsNull = (value: string) => (value === "" ? null : value);

/**
 * The business profile (docs/decisions/0014-business-profile.md): what the agent may tell callers beyond the
 * catalogues. The owner edits it; staff read it.
 */
export function BusinessProfileSection({ canEdit }: { canEdit: boolean }) {
  const trpc = useTRPC();
  const profile = useQuery(trpc.tenant.profile.get.queryOptions());
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Perfil do Negócio
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        O que o agente pode contar a quem liga, além dos locais, profissionais e serviços.
      </p>
      {profile.isPending ? (
        <Spinner label="Carregando perfil..." className="py-8" />
      ) : profile.isError ? (
        <ErrorState
          message={`Erro ao carregar perfil: ${profile.error.message}`}
          onRetry={() => void profile.refetch()}
        />
      ) : canEdit ? (
        <ProfileForm profile={profile.data} />
      ) : (
        <ProfileView profile={profile.data} />
      )}
    </section>
  );
}

function ProfileView({ profile }: { profile: TenantProfile }) {
  return (
    <>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <ViewItem label="Nome do negócio">{profile.name}</ViewItem>
        <ViewItem label="Tipo de negócio">
          {profile.businessType ? BUSINESS_TYPE_LABELS[profile.businessType] : null}
        </ViewItem>
        <ViewItem label="Horário de funcionamento">{profile.openingHours}</ViewItem>
        <ViewItem label="Formas de pagamento">{profile.paymentMethods}</ViewItem>
        <ViewItem label="Observações" wide>
          {profile.notes}
        </ViewItem>
      </dl>
      <p className="mt-4 text-sm text-slate-600">{TENANT_PROFILE_MESSAGES.ownerOnly}</p>
    </>
  );
}

function ViewItem({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words whitespace-pre-line text-slate-900">{children ?? "Não informado"}</dd>
    </div>
  );
}

function ProfileForm({ profile }: { profile: TenantProfile }) {
  const trpc = useTRPC();
  const form = useForm<FormValues, unknown, TenantProfileUpdate>({
    resolver: zodResolver(TenantProfileUpdateInput),
    defaultValues: profile,
  });
  const { register, control, formState, setError, watch, reset } = form;
  const errors = formState.errors;
  const feedback = useSaveFeedback({
    listKey: trpc.tenant.profile.get.queryKey(),
    fields: FIELDS,
    setError,
    onDone: () => {},
  });
  const update = useMutation(
    trpc.tenant.profile.update.mutationOptions({
      onSuccess: async (saved) => {
        reset(saved);
        await feedback.saved("Perfil do negócio atualizado");
      },
      onError: (error) =>
        feedback.failed(error, "Erro", "Erro ao salvar o perfil do negócio. Tente novamente."),
    }),
  );

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => update.mutate(values))} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Nome do negócio" required error={errors.name?.message}>
          {(props) => <Input {...props} autoComplete="organization" {...register("name")} />}
        </Field>
        <Field label="Tipo de negócio" error={errors.businessType?.message}>
          {({ id, ...aria }) => (
            <Controller
              control={control}
              name="businessType"
              render={({ field }) => (
                <Select
                  value={field.value ?? ""}
                  onValueChange={(value) => field.onChange(value ? value : null)}
                >
                  <SelectTrigger id={id} {...aria} ref={field.ref}>
                    <SelectValue placeholder="Selecione" />
                  </SelectTrigger>
                  <SelectContent>
                    {BUSINESS_TYPES.map((type) => (
                      <SelectItem key={type} value={type}>
                        {BUSINESS_TYPE_LABELS[type]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </Field>
      </div>
      <Field
        label="Horário de funcionamento"
        error={errors.openingHours?.message}
        hint={<CharacterCount value={watch("openingHours")} max={L.openingHours.max} />}
      >
        {(props) => (
          <Textarea
            {...props}
            rows={2}
            placeholder="Ex.: segunda a sexta, das 8h às 18h"
            {...register("openingHours", { setValueAs: blankAsNull })}
          />
        )}
      </Field>
      <Field
        label="Formas de pagamento"
        error={errors.paymentMethods?.message}
        hint={<CharacterCount value={watch("paymentMethods")} max={L.paymentMethods.max} />}
      >
        {(props) => (
          <Textarea
            {...props}
            rows={2}
            placeholder="Ex.: Pix, cartão de crédito e débito"
            {...register("paymentMethods", { setValueAs: blankAsNull })}
          />
        )}
      </Field>
      <Field
        label="Observações"
        error={errors.notes?.message}
        hint={<CharacterCount value={watch("notes")} max={L.notes.max} />}
      >
        {(props) => <Textarea {...props} rows={3} {...register("notes", { setValueAs: blankAsNull })} />}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending} className="w-full sm:w-auto">
          Salvar
        </Button>
      </div>
    </form>
  );
}
