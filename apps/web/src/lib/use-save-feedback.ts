import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { toast } from "sonner";
import { applyServerIssues, serverMessageOf } from "./server-errors";

/**
 * What every create/edit form says after a save: the list behind it is reloaded, the spec's success toast shows and
 * the dialog closes; after a refusal, the server's issues land on their fields and an error toast carries the
 * server's message (or `fallback` when it gave none).
 */
export function useSaveFeedback<T extends FieldValues>(options: {
  listKey: QueryKey;
  fields: readonly Path<T>[];
  setError: UseFormSetError<T>;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  return {
    async saved(text: string): Promise<void> {
      await queryClient.invalidateQueries({ queryKey: options.listKey });
      toast.success(text);
      options.onDone();
    },
    failed(error: unknown, title: string, fallback?: string): void {
      applyServerIssues(error, options.fields, options.setError);
      toast.error(title, { description: serverMessageOf(error) ?? fallback });
    },
  };
}
