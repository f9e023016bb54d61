import type { ConversationDetail as Conversation } from "@atende/shared/schemas/conversations";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Spinner } from "../../components/spinner";
import { EmptyState, ErrorState } from "../../components/ui/states";
import { httpStatusOf } from "../../lib/server-errors";
import { useTRPC } from "../../lib/trpc";
import { ConversationDetail } from "./conversation-detail";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const NOT_FOUND_TEXT = "Atendimento não encontrado";

/**
 * Loads one call and shows its detail, or the loading, not-found and error states. A malformed id is not asked
 * for at all (the server would answer 400): it is as unknown as a missing one.
 */
export function ConversationLoader({
  id,
  children,
}: {
  id: string;
  /** Renders the loaded call (defaults to the detail itself); lets the page add its header around it. */
  children?: (conversation: Conversation) => ReactNode;
}) {
  const trpc = useTRPC();
  const wellFormed = UUID.test(id);
  const query = useQuery(
    trpc.conversations.get.queryOptions(
      { id },
      {
        enabled: wellFormed,
        // A 404 will not turn into a call by asking again.
        retry: (count, error) => httpStatusOf(error) !== 404 && count < 2,
      },
    ),
  );

  if (!wellFormed || httpStatusOf(query.error) === 404) return <EmptyState message={NOT_FOUND_TEXT} />;
  if (query.isPending) return <Spinner label="Carregando atendimento..." className="py-12" />;
  if (query.isError)
    return (
      <ErrorState
        message={`Erro ao carregar conversação: ${query.error.message}`}
        onRetry={() => void query.refetch()}
      />
    );
  return children ? children(query.data) : <ConversationDetail conversation={query.data} />;
}
