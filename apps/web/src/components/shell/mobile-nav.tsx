import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Brand } from "../brand";
import { navItemsFor } from "./nav-items";
import { NavList } from "./nav-list";
import { SignOutButton } from "./sign-out-button";

/** A modal keeps Tab and Shift+Tab cycling among its own controls. */
function keepFocusInside(container: HTMLElement, event: KeyboardEvent): void {
  const focusable = container.querySelectorAll<HTMLElement>("a[href], button:not([disabled])");
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** Below lg: a top bar whose menu button opens the navigation in a drawer sliding in from the left. */
export function MobileNav({ isSuperAdmin }: { isSuperAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) {
      closeButton.current?.focus();
      const onKeyDown = (event: KeyboardEvent) => {
        if (event.key === "Escape") setOpen(false);
        if (event.key === "Tab" && drawer.current) keepFocusInside(drawer.current, event);
      };
      document.addEventListener("keydown", onKeyDown);
      const overflow = document.body.style.overflow;
      document.body.style.overflow = "hidden"; // the page behind does not scroll under the drawer
      return () => {
        document.removeEventListener("keydown", onKeyDown);
        document.body.style.overflow = overflow;
      };
    }
    if (wasOpen.current) openButton.current?.focus(); // give focus back to where it came from
    return undefined;
  }, [open]);

  useEffect(() => {
    wasOpen.current = open;
  }, [open]);

  return (
    <>
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4 lg:hidden">
        <Brand />
        <button
          ref={openButton}
          type="button"
          onClick={() => setOpen(true)}
          aria-label="Abrir menu"
          aria-expanded={open}
          aria-controls="mobile-drawer"
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-100"
        >
          <Menu aria-hidden="true" className="size-6" />
        </button>
      </header>

      <div className="lg:hidden" inert={!open}>
        <div
          aria-hidden="true"
          onClick={() => setOpen(false)}
          className={`fixed inset-0 z-40 bg-slate-900/40 transition-[opacity,visibility] duration-200 motion-reduce:transition-none ${open ? "visible opacity-100" : "invisible opacity-0"}`}
        />
        <div
          ref={drawer}
          id="mobile-drawer"
          role="dialog"
          aria-modal="true"
          aria-label="Menu"
          className={`fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl transition-[translate,visibility] duration-200 motion-reduce:transition-none ${open ? "visible translate-x-0" : "invisible -translate-x-full"}`}
        >
          <div className="flex h-14 items-center justify-between border-b border-slate-100 px-4">
            <Brand />
            <button
              ref={closeButton}
              type="button"
              onClick={() => setOpen(false)}
              aria-label="Fechar menu"
              className="rounded-lg p-2 text-slate-600 hover:bg-slate-100"
            >
              <X aria-hidden="true" className="size-6" />
            </button>
          </div>
          <nav aria-label="Menu principal" className="flex-1 overflow-y-auto p-3">
            <NavList items={navItemsFor(isSuperAdmin)} onNavigate={() => setOpen(false)} />
          </nav>
          <div className="border-t border-slate-100 p-3">
            <SignOutButton />
          </div>
        </div>
      </div>
    </>
  );
}
