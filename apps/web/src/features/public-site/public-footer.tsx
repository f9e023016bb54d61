import { Link } from "@tanstack/react-router";
import { Brand } from "../../components/brand";
import { INSTAGRAM_URL, SECTIONS } from "./site";

const linkClass = "text-sm text-slate-300 hover:text-white";

/**
 * The public site's footer (spec 000 §2 "Footer"): the landing page's anchors, /login, the knowledge base, the legal
 * pages and Instagram. `onLanding` keeps the anchors in-page; elsewhere they lead to the landing page's sections.
 */
export function PublicFooter({ onLanding = false }: { onLanding?: boolean }) {
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
                {onLanding ? (
                  <a href={`#${s.id}`} className={linkClass}>
                    {s.label}
                  </a>
                ) : (
                  <Link to="/" hash={s.id} className={linkClass}>
                    {s.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Ajuda e conta">
          <h2 className="text-sm font-semibold text-white">Ajuda</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to="/login" className={linkClass}>
                Login
              </Link>
            </li>
            <li>
              <Link to="/base-conhecimento" className={linkClass}>
                Base de conhecimento
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal e redes sociais">
          <h2 className="text-sm font-semibold text-white">Legal</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to="/termos-uso" className={linkClass}>
                Termos de Uso
              </Link>
            </li>
            <li>
              <Link to="/politica-privacidade" className={linkClass}>
                Política de Privacidade
              </Link>
            </li>
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
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-800 py-6 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} Atende. Todos os direitos reservados.
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
