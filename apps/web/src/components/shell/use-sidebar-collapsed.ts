import { useCallback, useSyncExternalStore } from "react";

/**
 * Remembered in localStorage and shared by every component that reads it (the shell now, the agent settings panel
 * later: spec 000 §2), in this tab and across tabs.
 */
const KEY = "sidebarCollapsed";
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function read(): boolean {
  try {
    return window.localStorage.getItem(KEY) === "true";
  } catch {
    return false;
  }
}

export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  const collapsed = useSyncExternalStore(subscribe, read, () => false);
  const setCollapsed = useCallback((value: boolean) => {
    try {
      window.localStorage.setItem(KEY, String(value));
    } catch {
      // storage disabled: the choice lasts only until the next render from storage
    }
    for (const listener of listeners) listener();
  }, []);
  return [collapsed, setCollapsed];
}
