import { formatPhone } from "@atende/shared/phone-format";
import { TELEPHONY_MESSAGES } from "@atende/shared/schemas/calls";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle, Phone } from "lucide-react";
import { toast } from "sonner";
import { Spinner } from "../../components/spinner";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { ErrorState } from "../../components/ui/states";
import { serverMessageOf } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";

const national = formatPhone;

/**
 * Voice numbers (docs/decisions/0019-twilio.md): the Twilio account's numbers no tenant has, those in the selected
 * tenant's agent DDD first; 'Atribuir' gives one to the selected tenant and points its webhooks at us.
 */
export function VoiceNumbers({ selectedTenantId }: { selectedTenantId: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const numbers = useQuery(trpc.superAdmin.voiceNumbers.queryOptions());
  const assign = useMutation(
    trpc.superAdmin.assignVoiceNumber.mutationOptions({
      onSuccess: async (assigned) => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.superAdmin.voiceNumbers.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.superAdmin.tenants.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.tenant.voiceNumber.queryKey() }),
        ]);
        toast.success("Número atribuído", {
          id: "voice-number",
          description: `${national(assigned.voiceNumber)} agora atende este tenant.`,
        });
      },
      onError: (error) =>
        toast.error("Número não atribuído", {
          id: "voice-number",
          description: serverMessageOf(error) ?? "Erro ao atribuir o número. Tente novamente.",
        }),
    }),
  );

  return (
    <section
      aria-labelledby="numeros-de-voz"
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id="numeros-de-voz" className="mb-4 text-lg font-semibold text-slate-900">
        Números de voz
      </h2>
      {numbers.isPending ? (
        <Spinner label="Carregando números..." className="py-6" />
      ) : numbers.isError ? (
        <ErrorState message="Erro ao carregar os números" onRetry={() => void numbers.refetch()} />
      ) : !numbers.data.configured ? (
        <p className="text-sm text-slate-600">{TELEPHONY_MESSAGES.numbersNeedTwilio}</p>
      ) : (
        <div className="flex flex-col gap-3 text-sm">
          {!selectedTenantId && (
            <p className="text-slate-600">Selecione um tenant para atribuir um número a ele.</p>
          )}
          {numbers.data.numbers.length === 0 ? (
            <p className="text-slate-600">Nenhum número livre na conta Twilio.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200">
              {numbers.data.numbers.map((number) => (
                <li
                  key={number.sid}
                  aria-label={national(number.phoneNumber)}
                  className="flex items-center justify-between gap-3 px-3 py-2.5"
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <Phone aria-hidden="true" className="size-4 text-teal-700" />
                    <span className="font-medium text-slate-900">{national(number.phoneNumber)}</span>
                    {number.inAgentDdd && <Badge tone="green">DDD do agente</Badge>}
                  </span>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={!selectedTenantId || assign.isPending}
                    onClick={() => assign.mutate({ sid: number.sid })}
                    aria-label={`Atribuir ${national(number.phoneNumber)}`}
                  >
                    {assign.isPending && assign.variables?.sid === number.sid && (
                      <LoaderCircle aria-hidden="true" className="animate-spin" />
                    )}
                    Atribuir
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
