import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowRight } from "lucide-react";
import { type NavItem, sectionItems } from "../../components/shell/nav-items";
import { Spinner } from "../../components/spinner";
import { useTRPC } from "../../lib/trpc";
import { HomeOutcomes } from "./home-outcomes";

export function DashboardHome() {
  const trpc = useTRPC();
  const user = useQuery(trpc.user.me.queryOptions());

  if (user.isPending) return <Spinner label="Carregando Dashboard..." className="py-24" />;
  if (user.isError) {
    return (
      <div role="alert" className="mx-auto max-w-md py-24 text-center">
        <p className="text-slate-700">Não foi possível carregar seus dados.</p>
        <button
          type="button"
          onClick={() => void user.refetch()}
          className="mt-4 rounded-lg bg-teal-700 px-4 py-2 text-sm font-medium text-white hover:bg-teal-800"
        >
          Tentar novamente
        </button>
      </div>
    );
  }

  const name = user.data.name.trim();
  return (
    <div className="mx-auto max-w-6xl">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          {name ? `Bem-vindo, ${name}!` : "Bem-vindo!"}
        </h1>
        <p className="mt-2 text-slate-600">
          Gerencie seu recepcionista virtual e tudo o que ele precisa para atender.
        </p>
      </header>
      <HomeOutcomes />
      <h2 className="mt-10 text-lg font-semibold text-slate-900">Acesso rápido</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {sectionItems.map((item) => (
          <li key={item.to}>
            <SectionCard item={item} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function SectionCard({ item }: { item: NavItem }) {
  const titleId = `card-${item.to.split("/").pop()}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
    >
      <span className="grid size-11 place-items-center rounded-xl bg-teal-50 text-teal-700">
        <item.icon aria-hidden="true" className="size-6" />
      </span>
      <h2 id={titleId} className="mt-4 text-lg font-semibold text-slate-900">
        {item.label}
      </h2>
      <p className="mt-1 flex-1 text-sm text-slate-600">{item.description}</p>
      <Link
        to={item.to}
        aria-describedby={titleId}
        className="mt-5 inline-flex items-center gap-1.5 self-start rounded-lg bg-teal-700 px-4 py-2 text-sm font-medium text-white hover:bg-teal-800"
      >
        Acessar
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </article>
  );
}
