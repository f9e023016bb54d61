import type { Client } from "@atende/shared/schemas/clients";
import { LGPD_MESSAGES } from "@atende/shared/schemas/lgpd";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FileDown, UserX } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { IconButton } from "../../components/ui/icon-button";
import { serverMessageOf } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";
import { downloadJson, fileDate, slugOf } from "./download-json";

const ERASE_DESCRIPTION =
  "Atendendo a um pedido do titular (LGPD), serão apagados de forma definitiva: nome, CPF, telefone, e-mail, convênio e observações do cadastro; as observações dos agendamentos; e, nas ligações feitas por este paciente, o número, as mensagens, os dados coletados, o resumo e as gravações. Serão mantidos os horários dos agendamentos (a agenda continua correta) e os registros de cobrança exigidos por lei. O paciente passa a aparecer como 'Paciente removido'. Esta ação não pode ser desfeita.";

/** The client card's LGPD actions: 'Exportar dados' (a JSON download) and 'Anonimizar dados (LGPD)' (not "Excluir…": the card's own 'Excluir' deletes the record). */
export function ClientLgpdActions({ client }: { client: Client }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const exportData = useMutation({
    mutationFn: () =>
      queryClient.fetchQuery({ ...trpc.clients.export.queryOptions({ id: client.id }), staleTime: 0 }),
    onSuccess: (data) => {
      downloadJson(`paciente-${slugOf(client.fullName)}-${fileDate()}.json`, data);
      toast.success(LGPD_MESSAGES.clientExported);
    },
    onError: (error) => toast.error(serverMessageOf(error) ?? "Erro ao exportar os dados do paciente."),
  });
  const erase = useMutation(
    trpc.clients.erase.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        await queryClient.invalidateQueries({ queryKey: trpc.clients.list.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.conversations.pathKey() });
        toast.success(LGPD_MESSAGES.clientErased);
      },
      onError: (error) =>
        toast.error(serverMessageOf(error) ?? "Erro ao excluir os dados pessoais do paciente."),
    }),
  );
  return (
    <>
      <IconButton
        label="Exportar dados"
        icon={FileDown}
        disabled={exportData.isPending}
        onClick={() => exportData.mutate()}
      />
      <IconButton
        label="Anonimizar dados (LGPD)"
        icon={UserX}
        disabled={erase.isPending}
        onClick={() => setConfirming(true)}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Excluir os dados pessoais de ${client.fullName}?`}
        description={ERASE_DESCRIPTION}
        confirmLabel="Anonimizar dados"
        pending={erase.isPending}
        onConfirm={() => erase.mutate({ id: client.id })}
      />
    </>
  );
}
