/**
 * The calls in progress and, with `callId`, that call's transcript, as the server streams them (issue #24; decision
 * 0034). Each stream opens with a fresh watch ticket (a minute's worth); when the server ends a stream (every few
 * minutes) or it fails, a new ticket opens the next, after a pause when it failed. When the calls in progress
 * change, the history is refetched, so a call that ended shows there at once.
 */
import type { LiveUpdate } from "@atende/shared/schemas/live-calls";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTRPC, useTRPCClient } from "../../lib/trpc";

/** The pause before opening the stream again after a failure. */
const RETRY_MS = 3_000;

export function useLiveCalls(callId?: string): LiveUpdate | null {
  const client = useTRPCClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [update, setUpdate] = useState<LiveUpdate | null>(null);
  const lastIds = useRef<string | null>(null);

  useEffect(() => {
    let stopped = false;
    let unsubscribe = () => {};
    let retry: ReturnType<typeof setTimeout> | undefined;
    const again = (delay: number) => {
      if (stopped) return;
      retry = setTimeout(() => void open(), delay);
    };
    async function open() {
      let ticket: string;
      try {
        ({ ticket } = await client.conversations.watchTicket.mutate({ callId }));
      } catch {
        again(RETRY_MS);
        return;
      }
      if (stopped) return;
      const subscription = client.conversations.live.subscribe(
        { ticket, callId },
        {
          onData: (data) => {
            setUpdate(data);
            const ids = data.calls.map((call) => call.id).join(",");
            if (lastIds.current !== null && lastIds.current !== ids) {
              void queryClient.invalidateQueries({ queryKey: trpc.conversations.list.pathKey() });
              if (callId)
                void queryClient.invalidateQueries({
                  queryKey: trpc.conversations.get.queryKey({ id: callId }),
                });
            }
            lastIds.current = ids;
          },
          onError: () => {
            subscription.unsubscribe();
            again(RETRY_MS);
          },
          onComplete: () => again(0),
        },
      );
      unsubscribe = () => subscription.unsubscribe();
    }
    void open();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      unsubscribe();
    };
  }, [client, callId, queryClient, trpc]);

  return update;
}
