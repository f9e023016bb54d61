// The catalogue and call pages' card grids take their columns from the room they have, not from the viewport
// (docs/decisions/0040-layout-by-container.md): with the menu and the agent panel open, a 1280 px screen leaves the
// content ~900 px, and a viewport breakpoint gave three columns of ~190 px in which a card's buttons left its name
// no room at all.

/** The narrowest a card gets before the grid drops a column (px): room for a name beside four icon buttons. */
export const CARD_MIN_WIDTH = 288;

/** Tailwind's gap-4 (px), kept in step with CARD_GRID. */
export const CARD_GAP = 16;

/** As many columns of at least CARD_MIN_WIDTH as fit, never wider than the grid (one column on a phone). */
export const CARD_GRID = "grid gap-4 grid-cols-[repeat(auto-fill,minmax(min(100%,18rem),1fr))]";

/** The columns CARD_GRID gives a grid `width` px wide (the virtual grid lays out its rows itself). */
export function cardColumns(width: number): number {
  return Math.max(1, Math.floor((width + CARD_GAP) / (CARD_MIN_WIDTH + CARD_GAP)));
}
