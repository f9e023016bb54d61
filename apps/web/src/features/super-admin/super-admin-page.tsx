import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, Building2, CheckCircle2, LoaderCircle, ShieldCheck, Users } from "lucide-react";
import { type ReactNode, useState } from "react";
import { toast } from "sonner";
import { Spinner } from "../../components/spinner";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { PageHeader } from "../../components/ui/page-header";
import { SearchInput } from "../../components/ui/search-input";
import { ErrorState } from "../../components/ui/states";
import { replaceSession } from "../../lib/auth-client";
import { useClaims } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";
import { ContactMessages } from "./contact-messages";
import { searchTenants, TENANTS_SHOWN_BY_DEFAULT, type TenantSummary } from "./tenant-search";
import { VoiceNumbers } from "./voice-numbers";

/** /dashboard/super-admin (spec 000 §2, §4 "Super-admin selection"). */
export function SuperAdminPage() {
  const claims = useClaims();
  return (
    <div className="mx-auto max-w-5xl">
      <Button variant="ghost" size="sm" asChild className="mb-4 -ml-3">
        <Link to="/dashboard">
          <ArrowLeft aria-hidden="true" />
          Voltar ao Dashboard
        </Link>
      </Button>
      <PageHeader
        title="Super Admin"
        subtitle={
          claims?.isSuperAdmin ? "Selecione um tenant para operar como super administrador" : undefined
        }
      />
      {claims?.isSuperAdmin ? (
        <SuperAdminConsole selectedTenantId={claims.superAdminSelectedTenantId ?? null} />
      ) : (
        // The server refuses these procedures to anyone else too (403); this only spares the calls.
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 px-4 py-6 text-center text-red-800"
        >
          Acesso negado. Esta página é restrita a super administradores.
        </p>
      )}
    </div>
  );
}

function SuperAdminConsole({ selectedTenantId }: { selectedTenantId: string | null }) {
  const trpc = useTRPC();
  const tenants = useQuery(trpc.superAdmin.tenants.queryOptions());
  const selected = useQuery(trpc.superAdmin.selectedTenant.queryOptions());
  const select = useMutation(
    trpc.superAdmin.selectTenant.mutationOptions({
      onSuccess: async (pair) => {
        // A new refresh family carrying the selection: reload so every cache starts over in that tenant.
        await replaceSession(pair);
        window.location.reload();
      },
      onError: () => toast.error("Erro ao selecionar tenant"),
    }),
  );

  const selectedInfo = selected.data?.tenantInfo ?? null;
  return (
    <div className="flex flex-col gap-6">
      <section aria-label="Situação" className="grid gap-4 sm:grid-cols-3">
        <StatusCard icon={ShieldCheck} title="Status">
          {selectedTenantId ? "Operando em um tenant" : "Super Admin ativo"}
        </StatusCard>
        <StatusCard icon={Building2} title="Tenant Selecionado">
          {selectedTenantId ? (selectedInfo?.name ?? selectedTenantId.slice(0, 8)) : "Nenhum"}
        </StatusCard>
        <StatusCard icon={Users} title="Total de Tenants">
          {tenants.data ? tenants.data.length : "—"}
        </StatusCard>
      </section>

      <section
        aria-labelledby="selecionar-tenant"
        className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
      >
        <h2 id="selecionar-tenant" className="mb-4 text-lg font-semibold text-slate-900">
          Selecionar Tenant
        </h2>
        {tenants.isPending ? (
          <Spinner label="Carregando tenants..." className="py-10" />
        ) : tenants.isError ? (
          <ErrorState message="Erro ao carregar tenants" onRetry={() => void tenants.refetch()} />
        ) : (
          <TenantSelector
            tenants={tenants.data}
            selectedTenantId={selectedTenantId}
            pendingId={select.isPending ? (select.variables?.tenantId ?? null) : null}
            onSelect={(tenantId) => select.mutate({ tenantId })}
          />
        )}
      </section>

      <VoiceNumbers selectedTenantId={selectedTenantId} />

      <ContactMessages />

      <section
        aria-labelledby="como-usar"
        className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700 sm:p-5"
      >
        <h2 id="como-usar" className="mb-3 text-lg font-semibold text-slate-900">
          Como usar
        </h2>
        <ol className="list-decimal space-y-1.5 pl-5">
          <li>Busque o tenant pelo nome, e-mail, número de voz ou ID.</li>
          <li>Clique em “Selecionar” para operar dentro da conta desse tenant; a página é recarregada.</li>
          <li>
            Enquanto um tenant estiver selecionado, todas as áreas do painel mostram e alteram os dados dele,
            e uma faixa amarela indica o modo Super Admin.
          </li>
          <li>Use “Limpar Seleção” na faixa amarela para voltar à sua própria conta.</li>
          <li>Todas as operações de super administrador são registradas para auditoria.</li>
        </ol>
      </section>
    </div>
  );
}

function StatusCard({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof ShieldCheck;
  title: string;
  children: ReactNode;
}) {
  return (
    <article className="flex min-w-0 items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-700" />
      <div className="min-w-0">
        <h3 className="text-sm font-medium text-slate-600">{title}</h3>
        <p className="mt-1 font-semibold break-words text-slate-900">{children}</p>
      </div>
    </article>
  );
}

function TenantSelector({
  tenants,
  selectedTenantId,
  pendingId,
  onSelect,
}: {
  tenants: readonly TenantSummary[];
  selectedTenantId: string | null;
  pendingId: string | null;
  onSelect: (tenantId: string) => void;
}) {
  const [search, setSearch] = useState("");
  const [showAll, setShowAll] = useState(false);
  const matches = searchTenants(tenants, search);
  const shown = showAll ? matches : matches.slice(0, TENANTS_SHOWN_BY_DEFAULT);

  return (
    <div className="flex flex-col gap-4">
      <SearchInput
        label="Buscar tenants"
        placeholder="Buscar por nome, e-mail, número ou ID..."
        value={search}
        onChange={setSearch}
      />
      <p className="text-sm text-slate-600" aria-live="polite">
        {matches.length === 0
          ? "Nenhum tenant encontrado."
          : `Mostrando ${shown.length} de ${matches.length} tenant${matches.length === 1 ? "" : "s"}`}
      </p>
      {shown.length > 0 && (
        <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200">
          {shown.map((tenant) => (
            <TenantRow
              key={tenant.id}
              tenant={tenant}
              isSelected={tenant.id === selectedTenantId}
              pending={pendingId === tenant.id}
              disabled={pendingId !== null}
              onSelect={() => onSelect(tenant.id)}
            />
          ))}
        </ul>
      )}
      {matches.length > TENANTS_SHOWN_BY_DEFAULT && (
        <Button variant="secondary" className="self-start" onClick={() => setShowAll((all) => !all)}>
          {showAll ? `Mostrar apenas ${TENANTS_SHOWN_BY_DEFAULT}` : `Mostrar todos (${matches.length})`}
        </Button>
      )}
    </div>
  );
}

function TenantRow({
  tenant,
  isSelected,
  pending,
  disabled,
  onSelect,
}: {
  tenant: TenantSummary;
  isSelected: boolean;
  pending: boolean;
  disabled: boolean;
  onSelect: () => void;
}) {
  const name = tenant.name;
  return (
    <li
      aria-label={name}
      className="flex flex-col gap-3 px-3 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-4"
    >
      <div className="min-w-0 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="break-words">{name}</span>
          {tenant.firstUserName && tenant.firstUserName !== name && (
            <span className="font-normal text-slate-600">({tenant.firstUserName})</span>
          )}
          {isSelected && <Badge tone="green">Selecionado</Badge>}
        </p>
        <p className="mt-0.5 flex flex-wrap gap-x-3 text-slate-600">
          {tenant.firstUserEmail && <span className="break-all">{tenant.firstUserEmail}</span>}
          {tenant.voiceNumber && <span>{tenant.voiceNumber}</span>}
          <code className="text-xs">ID {tenant.id.slice(0, 8)}</code>
        </p>
      </div>
      {isSelected ? (
        <span className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-800">
          <CheckCircle2 aria-hidden="true" className="size-4" />
          Em uso
        </span>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          disabled={disabled}
          onClick={onSelect}
          aria-label={`Selecionar ${name}`}
        >
          {pending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          Selecionar
        </Button>
      )}
    </li>
  );
}
