import { useQuery } from "@tanstack/react-query";
import { Spinner } from "../../components/spinner";
import { ErrorState } from "../../components/ui/states";
import { useTRPC } from "../../lib/trpc";

const DATE_TIME = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "America/Sao_Paulo",
  dateStyle: "short",
  timeStyle: "short",
});

/** The landing page's contact messages (POST /contact; issue #11), newest first. */
export function ContactMessages() {
  const trpc = useTRPC();
  const messages = useQuery(trpc.superAdmin.contactMessages.queryOptions());
  return (
    <section
      aria-labelledby="mensagens-contato"
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id="mensagens-contato" className="mb-4 text-lg font-semibold text-slate-900">
        Mensagens de contato
      </h2>
      {messages.isPending ? (
        <Spinner label="Carregando mensagens..." className="py-10" />
      ) : messages.isError ? (
        <ErrorState message="Erro ao carregar mensagens de contato" onRetry={() => void messages.refetch()} />
      ) : messages.data.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhuma mensagem recebida pelo site.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {messages.data.map((m) => (
            <li key={m.id} className="py-3 text-sm">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium text-slate-900">
                  {m.name} <span className="font-normal text-slate-600">({m.segment})</span>
                </span>
                <time dateTime={m.createdAt} className="text-xs text-slate-600">
                  {DATE_TIME.format(new Date(m.createdAt))}
                </time>
              </p>
              <p className="break-words text-slate-700">
                <a href={`mailto:${m.email}`} className="text-teal-800 underline">
                  {m.email}
                </a>{" "}
                · {m.phone}
              </p>
              {m.message && (
                <p className="mt-1 whitespace-pre-line break-words text-slate-700">{m.message}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
