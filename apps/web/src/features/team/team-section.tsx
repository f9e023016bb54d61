import { formatDateTime } from "@atende/shared/format";
import {
  type TeamInvitation,
  type TeamInvite,
  TeamInviteInput,
  type TeamMember,
} from "@atende/shared/schemas/team";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Mail, Send, UserMinus, X } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Spinner } from "../../components/spinner";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { ErrorState } from "../../components/ui/states";
import { applyServerIssues, serverMessageOf } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";

/**
 * The owner's team (docs/decisions/0013-team-and-e-mail.md): members, open invitations, invite by e-mail, revoke,
 * remove with confirmation. Staff never see it (the server refuses them every team procedure anyway).
 */
export function TeamSection({ currentUserId }: { currentUserId: string | null }) {
  const trpc = useTRPC();
  const team = useQuery(trpc.team.list.queryOptions());
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Equipe
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        Convide pessoas para acessar o painel do seu negócio. Quem entrar com o e-mail convidado passa a fazer
        parte da equipe.
      </p>
      <InviteForm />
      {team.isPending ? (
        <Spinner label="Carregando equipe..." className="py-8" />
      ) : team.isError ? (
        <ErrorState
          message={`Erro ao carregar equipe: ${team.error.message}`}
          onRetry={() => void team.refetch()}
        />
      ) : (
        <div className="mt-6 flex flex-col gap-6">
          <Members members={team.data.members} currentUserId={currentUserId} />
          <Invitations invitations={team.data.invitations} />
        </div>
      )}
    </section>
  );
}

function useReloadTeam() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.team.list.queryKey() });
}

function InviteForm() {
  const trpc = useTRPC();
  const reload = useReloadTeam();
  const form = useForm<{ email: string }, unknown, TeamInvite>({
    resolver: zodResolver(TeamInviteInput),
    defaultValues: { email: "" },
  });
  const invite = useMutation(
    trpc.team.invite.mutationOptions({
      onSuccess: async (invitation) => {
        await reload();
        form.reset({ email: "" });
        toast.success("Convite enviado", { description: invitation.email });
      },
      onError: (error) => {
        if (!applyServerIssues(error, ["email"], form.setError))
          toast.error("Erro", { description: serverMessageOf(error) ?? "Erro ao enviar convite." });
      },
    }),
  );
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => invite.mutate(values))}
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
    >
      <Field
        label="E-mail da pessoa convidada"
        error={form.formState.errors.email?.message}
        className="flex-1"
      >
        {(props) => (
          <Input
            {...props}
            type="email"
            autoComplete="off"
            placeholder="nome@exemplo.com"
            {...form.register("email")}
          />
        )}
      </Field>
      <Button type="submit" disabled={invite.isPending} className="sm:mt-[1.625rem]">
        <Send aria-hidden="true" />
        Convidar
      </Button>
    </form>
  );
}

const ROLE_LABELS: Readonly<Record<TeamMember["role"], string>> = { OWNER: "Proprietário", STAFF: "Equipe" };

function Members({ members, currentUserId }: { members: TeamMember[]; currentUserId: string | null }) {
  const trpc = useTRPC();
  const reload = useReloadTeam();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const remove = useMutation(
    trpc.team.removeMember.mutationOptions({
      onSuccess: async () => {
        await reload();
        setRemoving(null);
        toast.success("Membro removido");
      },
      onError: (error) =>
        toast.error("Erro", { description: serverMessageOf(error) ?? "Erro ao remover membro." }),
    }),
  );
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">Membros</h3>
      <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200">
        {members.map((member) => (
          <li
            key={member.id}
            aria-label={member.name}
            className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-4"
          >
            <div className="min-w-0 text-sm">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                <span className="break-words">{member.name}</span>
                <Badge tone={member.role === "OWNER" ? "teal" : "neutral"}>{ROLE_LABELS[member.role]}</Badge>
                {member.id === currentUserId && <span className="text-slate-600">(você)</span>}
              </p>
              <p className="break-all text-slate-600">{member.email}</p>
            </div>
            {member.role === "STAFF" && member.id !== currentUserId && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setRemoving(member)}
                aria-label={`Remover ${member.name}`}
              >
                <UserMinus aria-hidden="true" />
                Remover
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remover membro"
        description={
          removing
            ? `Tem certeza que deseja remover ${removing.name} (${removing.email}) da equipe? A pessoa perde o acesso ao painel.`
            : ""
        }
        confirmLabel="Remover"
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
      />
    </div>
  );
}

function Invitations({ invitations }: { invitations: TeamInvitation[] }) {
  const trpc = useTRPC();
  const reload = useReloadTeam();
  const revoke = useMutation(
    trpc.team.revokeInvitation.mutationOptions({
      onSuccess: async () => {
        await reload();
        toast.success("Convite revogado");
      },
      onError: (error) =>
        toast.error("Erro", { description: serverMessageOf(error) ?? "Erro ao revogar convite." }),
    }),
  );
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">Convites pendentes</h3>
      {invitations.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhum convite pendente.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200">
          {invitations.map((invitation) => (
            <li
              key={invitation.id}
              aria-label={invitation.email}
              className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-4"
            >
              <div className="min-w-0 text-sm">
                <p className="flex items-center gap-2 font-medium break-all text-slate-900">
                  <Mail aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                  {invitation.email}
                </p>
                <p className="text-slate-600">Válido até {formatDateTime(invitation.expiresAt)}</p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate({ id: invitation.id })}
                aria-label={`Revogar convite de ${invitation.email}`}
              >
                <X aria-hidden="true" />
                Revogar
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
