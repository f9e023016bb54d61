import { useQuery } from "@tanstack/react-query";
import { Spinner } from "../../components/spinner";
import { PageHeader } from "../../components/ui/page-header";
import { ErrorState } from "../../components/ui/states";
import { useClaims } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";
import { TeamSection } from "../team/team-section";
import { AccountSection } from "./account-section";
import { BusinessProfileSection } from "./business-profile-section";

/**
 * /dashboard/configuracoes: the business profile, the team and the account's data. Spec 000 §2 left it a placeholder;
 * decisions 0013 and 0014 give it the first two parts, decision 0031 (LGPD) the account's export and closure.
 */
export function SettingsPage() {
  const trpc = useTRPC();
  const claims = useClaims();
  const me = useQuery(trpc.user.me.queryOptions());
  // A super-admin acting in a tenant they selected counts as its owner (decision 0013); otherwise the user's role.
  const actingAsSuperAdmin = Boolean(claims?.isSuperAdmin && claims.superAdminSelectedTenantId);

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Configurações" subtitle="Perfil do negócio, equipe e dados da conta" />
      {me.isPending ? (
        <Spinner label="Carregando configurações..." className="py-12" />
      ) : me.isError ? (
        <ErrorState
          message={`Erro ao carregar configurações: ${me.error.message}`}
          onRetry={() => void me.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-6">
          <BusinessProfileSection canEdit={actingAsSuperAdmin || me.data.role === "OWNER"} />
          {(actingAsSuperAdmin || me.data.role === "OWNER") && (
            <TeamSection currentUserId={actingAsSuperAdmin ? null : me.data.id} />
          )}
          {(actingAsSuperAdmin || me.data.role === "OWNER") && <AccountSection />}
        </div>
      )}
    </div>
  );
}
