import { type ReactNode, useEffect } from "react";
import { Brand } from "../../components/brand";
import { BackButton } from "./back-button";
import { PublicFooter } from "./public-footer";

/**
 * The frame of the public pages other than the landing page (legal pages, knowledge base): a bar with the mark and
 * the back button, the content, the footer. It scrolls to the top on open (spec 000 §2 "Legal pages").
 */
export function PublicPage({ children, year }: { children: ReactNode; year?: number | string | undefined }) {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between gap-4 px-4">
          <a href="/" aria-label="Atende, página inicial" className="rounded-md">
            <Brand />
          </a>
          <a href="/login" className="text-sm font-medium text-slate-700 hover:text-teal-700">
            Login
          </a>
        </div>
      </header>
      <main id="conteudo" className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
        <BackButton />
        {children}
      </main>
      <PublicFooter year={year} />
    </>
  );
}
