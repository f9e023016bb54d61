import { confirmsBusinessName, LGPD_MESSAGES } from "@atende/shared/schemas/lgpd";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { FileDown, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { clearRotations } from "../../lib/rotation-ledger";
import { serverMessageOf } from "../../lib/server-errors";
import { clearTokens } from "../../lib/tokens";
import { useTRPC } from "../../lib/trpc";
import { downloadJson, fileDate, slugOf } from "../clients/download-json";

/**
 * The owner's 'Dados da conta' (LGPD; docs/decisions/0031-lgpd.md): a copy of everything the account holds, and its
 * closure, confirmed by typing the business name.
 */
export function AccountSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const profile = useQuery(trpc.tenant.profile.get.queryOptions());
  const businessName = profile.data?.name ?? "";
  const [closing, setClosing] = useState(false);
  const exportData = useMutation({
    mutationFn: () => queryClient.fetchQuery({ ...trpc.account.export.queryOptions(), staleTime: 0 }),
    onSuccess: (data) => {
      downloadJson(`conta-${slugOf(businessName)}-${fileDate()}.json`, data);
      toast.success(LGPD_MESSAGES.accountExported);
    },
    onError: (error) => toast.error(serverMessageOf(error) ?? "Erro ao exportar os dados da conta."),
  });

  return (
    <section
      aria-labelledby="dados-da-conta"
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id="dados-da-conta" className="text-lg font-semibold text-slate-900">
        Dados da conta
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Baixe uma cópia de tudo o que a conta guarda (cadastros, agenda, pacientes, ligações e cobranças) ou
        encerre a conta. As gravações das ligações são excluídas automaticamente após 6 meses, como diz a
        Política de Privacidade.
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" disabled={exportData.isPending} onClick={() => exportData.mutate()}>
          <FileDown aria-hidden="true" />
          Exportar dados da conta
        </Button>
        <Button variant="danger" onClick={() => setClosing(true)} disabled={!businessName}>
          <TriangleAlert aria-hidden="true" />
          Encerrar conta
        </Button>
      </div>
      <CloseAccountDialog open={closing} onOpenChange={setClosing} businessName={businessName} />
    </section>
  );
}

function CloseAccountDialog({
  open,
  onOpenChange,
  businessName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  businessName: string;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | undefined>();
  const close = useMutation(
    trpc.account.close.mutationOptions({
      onSuccess: () => {
        toast.success("Conta encerrada. Sentimos muito por vê-lo partir.");
        // The sessions were ended on the server; this tab forgets its own and leaves.
        clearTokens();
        void clearRotations();
        queryClient.clear();
        void navigate({ to: "/login", search: { error: "account_closed" } });
      },
      onError: (failure) =>
        setError(serverMessageOf(failure) ?? "Erro ao encerrar a conta. Tente novamente."),
    }),
  );
  const matches = confirmsBusinessName(typed, businessName);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setTyped("");
          setError(undefined);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent title="Encerrar conta" description="Esta ação é definitiva e não pode ser desfeita.">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!matches) {
              setError(LGPD_MESSAGES.confirmationMismatch);
              return;
            }
            close.mutate({ confirmation: typed });
          }}
        >
          <div className="flex flex-col gap-3 text-sm text-slate-700">
            <p>Ao encerrar a conta:</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>a assinatura é cancelada e não haverá novas cobranças;</li>
              <li>
                os dados pessoais de todos os pacientes e das ligações são apagados, e as gravações são
                excluídas;
              </li>
              <li>
                todas as sessões e convites da equipe são encerrados, e ninguém mais consegue entrar nesta
                conta;
              </li>
              <li>o número de telefone do agente é liberado e as ligações deixam de ser atendidas.</li>
            </ul>
            <p>
              Os registros de cobrança (pagamentos e minutos usados) são mantidos pelo prazo exigido por lei.
              Se quiser uma cópia dos dados, use 'Exportar dados da conta' antes de encerrar.
            </p>
          </div>
          <Field
            label={`Para confirmar, digite o nome do negócio: ${businessName}`}
            error={error}
            className="mt-4"
            required
          >
            {(props) => (
              <Input
                {...props}
                autoComplete="off"
                value={typed}
                onChange={(event) => {
                  setTyped(event.target.value);
                  setError(undefined);
                }}
              />
            )}
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Cancelar</Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={close.isPending || !matches}>
              Encerrar conta definitivamente
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
