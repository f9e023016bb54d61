import { WaitlistSettings } from "@atende/shared/schemas/waitlist";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { serverMessageOf } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";

/**
 * How long a freed slot stays held for the wish it is offered to (docs/decisions/0046-waitlist.md): 5 to 120 minutes,
 * 15 by default; offers made from then on use it.
 */
export function WaitlistSettingsForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.waitlist.settings.queryOptions());
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const save = useMutation(
    trpc.waitlist.updateSettings.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.waitlist.settings.pathKey() });
        setDraft(null);
        toast.success("Tempo de reserva salvo");
      },
      onError: (failure) => setError(serverMessageOf(failure) ?? "Erro ao salvar o tempo de reserva."),
    }),
  );
  if (!settings.data) return null;
  const value = draft ?? String(settings.data.holdMinutes);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = WaitlistSettings.safeParse({
      holdMinutes: value.trim() === "" ? undefined : Number(value),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data);
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Ofertas de horários liberados"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-end sm:p-5"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm text-slate-700">
          Quando um horário é liberado (cancelamento ou remarcação), ele é oferecido ao pedido compatível mais
          antigo e fica reservado para ele por este tempo; sem resposta, vai para o próximo.
        </p>
      </div>
      <Field label="Reserva da oferta (minutos)" error={error} className="sm:w-56">
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={5}
            max={120}
            value={value}
            onChange={(event) => setDraft(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" variant="secondary" disabled={save.isPending || draft === null}>
        Salvar
      </Button>
    </form>
  );
}
