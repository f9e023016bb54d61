import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";

/** Whether the tenant is a pet shop: its clients are tutors, and their card and form show the pet ('Pet'). */
export function usePetShop(): boolean {
  const trpc = useTRPC();
  const profile = useQuery(trpc.tenant.profile.get.queryOptions());
  return profile.data?.businessType === "PETSHOP";
}
