import { NOT_FOUND } from "@atende/shared/messages";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useTRPC } from "../../lib/trpc";

/**
 * The catalogues the agenda names its blocks and fills its forms with. They are the same queries the catalogue
 * screens use, so each loads once and is shared (spec 001 §4 'Lists').
 */
export function useAgendaCatalogues() {
  const trpc = useTRPC();
  const professionals = useQuery(trpc.professionals.list.queryOptions());
  const establishments = useQuery(trpc.establishments.list.queryOptions());
  const clients = useQuery(trpc.clients.list.queryOptions());
  const services = useQuery(trpc.offeredServices.list.queryOptions());
  return useMemo(() => {
    const nameOf = <T extends { id: string }>(
      list: T[] | undefined,
      name: (item: T) => string,
      fallback: string,
    ) => {
      const names = new Map((list ?? []).map((item) => [item.id, name(item)]));
      return (id: string) => names.get(id) ?? fallback;
    };
    return {
      professionals: professionals.data ?? [],
      establishments: establishments.data ?? [],
      clients: clients.data ?? [],
      services: services.data ?? [],
      clientsPending: clients.isPending,
      professionalName: nameOf(professionals.data, (p) => p.name, NOT_FOUND.professional),
      establishmentName: nameOf(establishments.data, (e) => e.name, NOT_FOUND.establishment),
      clientName: nameOf(clients.data, (c) => c.fullName, NOT_FOUND.client),
    };
  }, [professionals.data, establishments.data, clients.data, clients.isPending, services.data]);
}

export type AgendaCatalogues = ReturnType<typeof useAgendaCatalogues>;

/** After any change the visible range is loaded again (spec 001 §4 'Lists'): every agenda query is stale. */
export function useInvalidateAgenda() {
  const trpc = useTRPC();
  const queryClient: QueryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.appointments.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.availabilities.pathKey() }),
    ]);
}

/**
 * Fills an empty choice with the only option there is (issue #25): a business with one professional or one
 * establishment is not asked to pick it. Runs again once the catalogue loads; a choice already made is kept.
 */
export function useOnlyChoice(
  options: readonly { id: string }[],
  value: string,
  choose: (id: string) => void,
): void {
  const only = options.length === 1 ? options[0]?.id : undefined;
  useEffect(() => {
    if (only && !value) choose(only);
  }, [only, value, choose]);
}
