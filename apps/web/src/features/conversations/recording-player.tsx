import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { Spinner } from "../../components/spinner";
import { apiRequestBlob } from "./recording-fetch";

/**
 * The call's recording (ARCHITECTURE.md "Recordings"). An <audio> src would be fetched without the session's bearer
 * token, so the file is fetched through the authenticated client and played from a blob URL.
 */
export function RecordingPlayer({ conversationId }: { conversationId: string }) {
  const recording = useQuery({
    queryKey: ["conversations", "recording", conversationId],
    queryFn: () => apiRequestBlob(`/conversations/${conversationId}/recording`),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useMemo(() => (recording.data ? URL.createObjectURL(recording.data) : null), [recording.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  return (
    <section className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">Gravação</h3>
      {recording.isPending ? (
        <Spinner label="Carregando gravação..." />
      ) : recording.isError || !url ? (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar a gravação.
        </p>
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: the transcript is the Conversa tab beside it
        <audio controls src={url} aria-label="Gravação da chamada" className="w-full" />
      )}
    </section>
  );
}
