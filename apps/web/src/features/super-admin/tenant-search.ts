/** What the selector searches and shows of a tenant (superAdmin.tenants). */
export interface TenantSummary {
  id: string;
  name: string;
  firstUserName: string | null;
  firstUserEmail: string | null;
  voiceNumber: string | null;
}

/** spec 000 §2: the selector shows this many tenants until asked to show all. */
export const TENANTS_SHOWN_BY_DEFAULT = 20;

/**
 * spec 001 §5 "Tenant search": case-insensitive contains over the name (the tenant's and its first user's), the
 * e-mail, the voice number and the id. A blank term keeps every tenant.
 */
export function searchTenants<T extends TenantSummary>(tenants: readonly T[], term: string): T[] {
  const needle = term.trim().toLocaleLowerCase("pt-BR");
  if (!needle) return [...tenants];
  return tenants.filter((tenant) =>
    [tenant.name, tenant.firstUserName, tenant.firstUserEmail, tenant.voiceNumber, tenant.id].some(
      (field) => field?.toLocaleLowerCase("pt-BR").includes(needle) ?? false,
    ),
  );
}
