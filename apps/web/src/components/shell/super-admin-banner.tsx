import { useMutation, useQuery } from "@tanstack/react-query";
import { LoaderCircle, ShieldAlert } from "lucide-react";
import { toast } from "sonner";
import { replaceSession } from "../../lib/auth-client";
import { useTRPC } from "../../lib/trpc";

/** spec 000 §2, §9: shown while a super-admin acts inside a selected tenant. */
export function SuperAdminBanner({ selectedTenantId }: { selectedTenantId: string }) {
  const trpc = useTRPC();
  const tenant = useQuery(trpc.superAdmin.selectedTenant.queryOptions());
  const clear = useMutation(
    trpc.superAdmin.clearSelection.mutationOptions({
      onSuccess: async (pair) => {
        // The pair belongs to a new refresh family without the selection; reload so every cache starts over.
        await replaceSession(pair);
        window.location.reload();
      },
      onError: () => toast.error("Erro ao limpar seleção"),
    }),
  );

  const info = tenant.data?.tenantInfo ?? null;
  const name = info?.firstUserName ?? info?.name;
  const details = [info?.firstUserEmail, info?.voiceNumber].filter((part): part is string => Boolean(part));

  return (
    <section
      aria-label="Modo Super Admin"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-amber-300 bg-amber-100 px-4 py-2.5 text-sm text-amber-950 sm:px-6 lg:px-8"
    >
      <ShieldAlert aria-hidden="true" className="size-5 shrink-0 text-amber-700" />
      <p className="min-w-0 flex-1">
        <span className="font-medium">Operando como Super Admin no tenant:</span>{" "}
        {name && <strong>{name}</strong>}
        {details.map((part) => (
          <span key={part}> · {part}</span>
        ))}{" "}
        <code className="rounded bg-amber-200/70 px-1.5 py-0.5 text-xs">
          ID {(info?.id ?? selectedTenantId).slice(0, 8)}
        </code>
      </p>
      <button
        type="button"
        onClick={() => clear.mutate()}
        disabled={clear.isPending}
        className="inline-flex items-center gap-2 rounded-lg border border-amber-400 bg-white px-3 py-1.5 text-sm font-medium text-amber-900 hover:bg-amber-50 disabled:opacity-60"
      >
        {clear.isPending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
        Limpar Seleção
      </button>
    </section>
  );
}
