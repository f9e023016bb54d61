import type { Client } from "@atende/shared/schemas/clients";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { toast } from "sonner";
import { Switch } from "../../components/ui/switch";
import { serverMessageOf } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";

/**
 * The client card's 'Aceita contato do agente' switch (docs/decisions/0051-contact-opt-out.md): off records the
 * client's opt-out (audited) through its own endpoint, never the client's form; on clears it.
 */
export function ClientContactSwitch({ client }: { client: Client }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const labelId = useId();
  const done = async (text: string) => {
    await queryClient.invalidateQueries({ queryKey: trpc.clients.list.pathKey() });
    toast.success(text);
  };
  const fail = (error: unknown) =>
    toast.error(serverMessageOf(error) ?? "Erro ao salvar a preferência de contato.");
  const optOut = useMutation(
    trpc.clients.optOutOfContact.mutationOptions({
      onSuccess: () => done("O agente não vai mais contatar este paciente"),
      onError: fail,
    }),
  );
  const optIn = useMutation(
    trpc.clients.optInToContact.mutationOptions({
      onSuccess: () => done("O agente pode voltar a contatar este paciente"),
      onError: fail,
    }),
  );
  const accepts = client.contactOptOutAt === null;
  return (
    <div className="flex items-center gap-2 text-sm text-slate-700">
      <Switch
        aria-labelledby={labelId}
        checked={accepts}
        disabled={optOut.isPending || optIn.isPending}
        onCheckedChange={(on) =>
          on ? optIn.mutate({ id: client.id }) : optOut.mutate({ id: client.id, source: "DASHBOARD" })
        }
      />
      <span id={labelId}>{accepts ? "Aceita contato do agente" : "Não quer ser contatado pelo agente"}</span>
    </div>
  );
}
