import { Menu, X } from "lucide-react";
import { useState } from "react";
import { Brand } from "../brand";
import { Sheet, SheetClose, SheetContent, SheetTrigger } from "../ui/sheet";
import { navItemsFor } from "./nav-items";
import { NavList } from "./nav-list";
import { PlanUsageCard } from "./plan-usage-card";
import { SetupLinks } from "./setup-links";
import { SignOutButton } from "./sign-out-button";

/**
 * Below lg: a top bar whose menu button opens the navigation in a drawer sliding in from the left. The sheet (Radix
 * Dialog) traps focus, closes on Escape and on the overlay, and gives focus back to the menu button.
 */
export function MobileNav({ isSuperAdmin }: { isSuperAdmin: boolean }) {
  const [open, setOpen] = useState(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4 lg:hidden">
        <Brand />
        <SheetTrigger aria-label="Abrir menu" className="rounded-lg p-2 text-slate-600 hover:bg-slate-100">
          <Menu aria-hidden="true" className="size-6" />
        </SheetTrigger>
      </header>
      <SheetContent side="left" title="Menu" hideTitle className="lg:hidden">
        <div className="flex h-14 items-center justify-between border-b border-slate-100 px-4">
          <Brand />
          <SheetClose aria-label="Fechar menu" className="rounded-lg p-2 text-slate-600 hover:bg-slate-100">
            <X aria-hidden="true" className="size-6" />
          </SheetClose>
        </div>
        <nav aria-label="Menu principal" className="flex-1 overflow-y-auto p-3">
          <NavList items={navItemsFor(isSuperAdmin)} onNavigate={() => setOpen(false)} />
          <SetupLinks onNavigate={() => setOpen(false)} />
        </nav>
        <div className="flex flex-col gap-2 border-t border-slate-100 p-3">
          <PlanUsageCard onNavigate={() => setOpen(false)} />
          <SignOutButton />
        </div>
      </SheetContent>
    </Sheet>
  );
}
