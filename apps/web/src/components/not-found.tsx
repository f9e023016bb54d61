import { Link } from "@tanstack/react-router";

/** Any path that matches no route (spec 000 §2). */
export function NotFoundPage() {
  return (
    <main className="grid min-h-[60dvh] place-items-center p-6 text-center">
      <div className="max-w-md">
        <p className="text-6xl font-bold text-teal-700">404</p>
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">Oops! Page not found</h1>
        <p className="mt-2 text-slate-600">A página que você procura não existe ou foi movida.</p>
        <Link
          to="/"
          className="mt-6 inline-flex items-center rounded-lg bg-teal-700 px-4 py-2 text-sm font-medium text-white hover:bg-teal-800"
        >
          Voltar para o início
        </Link>
      </div>
    </main>
  );
}
