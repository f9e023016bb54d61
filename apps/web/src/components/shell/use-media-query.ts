import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches, following changes. Used where rendering both variants and hiding one with CSS
 * would mount a second copy of a form (the agent settings panel: a side column on large screens, a bottom sheet on
 * small ones).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", listener);
      return () => list.removeEventListener("change", listener);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Tailwind's `lg` breakpoint, where the sidebar and the agent panel appear. */
export const LARGE_SCREEN = "(min-width: 1024px)";

/**
 * Tailwind's `2xl` breakpoint, from which the agent panel is a column beside the page; below it, on laptops, a drawer
 * (docs/decisions/0040-layout-by-container.md).
 */
export const WIDE_SCREEN = "(min-width: 1536px)";
