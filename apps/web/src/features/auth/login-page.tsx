import { LGPD_MESSAGES } from "@atende/shared/lgpd";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { Brand } from "../../components/brand";
import { apiUrl } from "../../lib/env";
import { GoogleIcon } from "./google-icon";

/**
 * Starts the server's Google sign-in; it comes back to /auth/callback/login on this origin (spec 000 §7). `signup`
 * starts a new account even for an e-mail whose account was closed (decision 0031).
 */
function startGoogleSignIn(signup = false): void {
  const query = new URLSearchParams({ frontend_host: window.location.origin });
  if (signup) query.set("signup", "true");
  window.location.assign(apiUrl(`/oauth2/authorization/google?${query}`));
}

/** What a failed sign-in says (spec 000 §8); a refused consent says so plainly. */
function signInErrorText(code: string): string {
  if (code === "account_closed") return LGPD_MESSAGES.signInRefused;
  return code === "access_denied"
    ? "Autorização negada. Para entrar, permita o acesso à sua conta Google."
    : "Erro na autenticação. Tente novamente.";
}

export function LoginPage({ error }: { error?: string | undefined }) {
  const [redirecting, setRedirecting] = useState(false);

  return (
    <main className="flex min-h-dvh flex-col bg-gradient-to-br from-teal-50 via-white to-sky-50">
      <div className="mx-auto w-full max-w-md px-4 pt-6">
        <Link
          to="/"
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Voltar para o site
        </Link>
      </div>

      <div className="flex flex-1 items-center justify-center px-4 py-10">
        <section
          aria-labelledby="login-title"
          className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
        >
          <div className="flex justify-center">
            <Brand />
          </div>
          <h1
            id="login-title"
            className="mt-6 text-center text-2xl font-semibold tracking-tight text-slate-900"
          >
            Acesse sua conta
          </h1>
          <p className="mt-2 text-center text-sm text-slate-600">
            Seu recepcionista virtual atendendo 24 horas por dia.
          </p>

          {error ? (
            <p role="alert" className="mt-6 rounded-lg bg-red-50 px-4 py-3 text-center text-sm text-red-700">
              {signInErrorText(error)}
            </p>
          ) : null}
          {error === "account_closed" ? (
            <button
              type="button"
              onClick={() => {
                setRedirecting(true);
                startGoogleSignIn(true);
              }}
              disabled={redirecting}
              className="mt-3 w-full rounded-lg px-4 py-2 text-sm font-medium text-teal-700 underline-offset-2 hover:underline"
            >
              Criar uma nova conta com este Google
            </button>
          ) : null}

          <button
            type="button"
            onClick={() => {
              setRedirecting(true);
              startGoogleSignIn();
            }}
            disabled={redirecting}
            aria-busy={redirecting}
            className="mt-8 flex w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-3 text-sm font-medium text-slate-800 shadow-sm transition hover:bg-slate-50 disabled:cursor-wait disabled:opacity-70"
          >
            {redirecting ? (
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-teal-600" />
            ) : (
              <GoogleIcon className="size-5" />
            )}
            Entrar com Google
          </button>

          <p className="mt-6 rounded-lg bg-slate-50 px-4 py-3 text-center text-sm text-slate-600">
            Ainda não tem conta? Ela é criada automaticamente no seu primeiro acesso com o Google.
          </p>
        </section>
      </div>
    </main>
  );
}
