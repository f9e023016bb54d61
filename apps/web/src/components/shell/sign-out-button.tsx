import { LogOut } from "lucide-react";
import { useSignOut } from "./use-sign-out";

export function SignOutButton({ collapsed = false }: { collapsed?: boolean }) {
  const signOut = useSignOut();
  return (
    <button
      type="button"
      onClick={signOut}
      title={collapsed ? "Sair" : undefined}
      className={`flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-600 transition-colors hover:bg-red-50 hover:text-red-700 ${collapsed ? "justify-center" : ""}`}
    >
      <LogOut aria-hidden="true" className="size-5 shrink-0" />
      <span className={collapsed ? "sr-only" : ""}>Sair</span>
    </button>
  );
}
