import { Brand } from "../../components/brand";
import { INSTAGRAM_URL, SECTIONS } from "./site";

const linkClass = "text-sm text-slate-300 hover:text-white";

/**
 * The public site's footer (spec 000 §2 "Footer"): the landing page's anchors, /login, the knowledge base, the legal
 * pages and Instagram (when configured). `onLanding` keeps the anchors in-page; elsewhere they lead to the landing
 * page's sections. Every link is plain: each public page is its own document (decision 0026).
 */
export function PublicFooter({ onLanding = false, year }: { onLanding?: boolean; year?: number | string }) {
  return (
    <footer className="bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <span className="[&_span]:text-white">
            <Brand />
          </span>
          <p className="mt-3 text-sm text-slate-300">
            Recepcionista com inteligência artificial que atende o telefone do seu negócio 24 horas por dia.
          </p>
        </div>
        <nav aria-label="Seções do site">
          <h2 className="text-sm font-semibold text-white">Produto</h2>
          <ul className="mt-3 space-y-2">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={onLanding ? `#${s.id}` : `/#${s.id}`} className={linkClass}>
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Ajuda e conta">
          <h2 className="text-sm font-semibold text-white">Ajuda</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href="/login" className={linkClass}>
                Login
              </a>
            </li>
            <li>
              <a href="/base-conhecimento" className={linkClass}>
                Base de conhecimento
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal e redes sociais">
          <h2 className="text-sm font-semibold text-white">Legal</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href="/termos-uso" className={linkClass}>
                Termos de Uso
              </a>
            </li>
            <li>
              <a href="/politica-privacidade" className={linkClass}>
                Política de Privacidade
              </a>
            </li>
            {INSTAGRAM_URL && (
              <li>
                <a
                  href={INSTAGRAM_URL}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${linkClass} inline-flex items-center gap-2`}
                >
                  <InstagramGlyph />
                  Instagram
                  <span className="sr-only">(abre em nova aba)</span>
                </a>
              </li>
            )}
          </ul>
        </nav>
      </div>
      {/* A page rendered at build time is given the year as a token the server fills in (decision 0026); the
          browser's own clock may differ around New Year, which is not worth a hydration error. */}
      <p
        suppressHydrationWarning
        className="border-t border-slate-800 py-6 text-center text-xs text-slate-400"
      >
        {`© ${year ?? new Date().getFullYear()} Atende. Todos os direitos reservados.`}
      </p>
    </footer>
  );
}

/** Instagram's camera outline (lucide no longer ships brand marks). */
function InstagramGlyph() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      className="size-4"
    >
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
    </svg>
  );
}
