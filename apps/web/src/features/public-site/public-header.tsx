import { Menu, X } from "lucide-react";
import { useState } from "react";
import { Brand } from "../../components/brand";
import { SECTIONS } from "./site";

const linkClass = "rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:text-teal-700";

/**
 * The sticky navigation of the landing page (spec 000 §2): its anchors, 'Login' and 'Contratar' (both /login).
 * On a phone the anchors fold into a menu button so the bar stays one line at 375 px. /login is the single-page app's:
 * a plain link, a full navigation.
 */
export function PublicHeader() {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav
        aria-label="Principal"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4"
      >
        <a href="#inicio" className="rounded-md" aria-label="Atende, início">
          <Brand />
        </a>
        <ul className="hidden items-center gap-2 md:flex">
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className={linkClass}>
                {s.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2">
          <a href="/login" className={`${linkClass} hidden sm:inline-flex`}>
            Login
          </a>
          <a
            href="/login"
            className="inline-flex h-10 items-center rounded-lg bg-teal-700 px-4 text-sm font-medium text-white hover:bg-teal-800"
          >
            Contratar
          </a>
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
            aria-expanded={open}
            aria-controls="menu-publico"
            aria-label={open ? "Fechar menu" : "Abrir menu"}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? (
              <X aria-hidden="true" className="size-5" />
            ) : (
              <Menu aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
      </nav>
      {open && (
        <ul id="menu-publico" className="border-t border-slate-200 bg-white px-4 py-2 md:hidden">
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                className="block rounded-md px-2 py-3 text-base text-slate-800"
                onClick={() => setOpen(false)}
              >
                {s.label}
              </a>
            </li>
          ))}
          <li>
            <a href="/login" className="block rounded-md px-2 py-3 text-base text-slate-800">
              Login
            </a>
          </li>
        </ul>
      )}
    </header>
  );
}
