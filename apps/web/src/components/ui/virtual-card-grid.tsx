// A grid of cards (as many columns of at least CARD_MIN_WIDTH as the list's own width holds, as the catalogue pages
// lay them out: docs/decisions/0040-layout-by-container.md) that puts only the rows near the screen into the page: a
// list of 1,000 clients costs what 20 cost. The page itself scrolls (window virtualizer), so the list keeps the
// browser's own scrolling, find-in-page aside.
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from "react";
import { CARD_GAP, cardColumns } from "./card-grid";

/** The columns the list's width holds, followed as it changes (the menu or the agent panel opening, a rotation). */
function useColumns(list: RefObject<HTMLDivElement | null>): number {
  const [columns, setColumns] = useState(1);
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const measure = () => setColumns(cardColumns(element.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [list]);
  return columns;
}

export interface VirtualCardGridProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** A row's likely height in px before it is measured. */
  estimateRowHeight?: number;
  /** Names the list for assistive technology. */
  label: string;
}

/** Row gap in px: Tailwind's gap-4, kept in step with the className below. */
const GAP = CARD_GAP;

export function VirtualCardGrid<T>({
  items,
  getKey,
  renderItem,
  estimateRowHeight = 160,
  label,
}: VirtualCardGridProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const columns = useColumns(listRef);
  const rowCount = Math.ceil(items.length / columns);
  // Where the list starts on the page: the virtualizer counts the window's scroll from the document's top.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => setScrollMargin(list.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => estimateRowHeight + GAP,
    overscan: 4,
    scrollMargin,
  });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0];
  const last = rows[rows.length - 1];
  // Spacers above and below keep the page as tall as the whole list, so the scrollbar tells the truth.
  const paddingTop = first ? first.start - scrollMargin : 0;
  const paddingBottom = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0;

  return (
    // biome-ignore lint/a11y/useSemanticElements: the rows between list and items are measured boxes, which <ul> cannot hold
    <div ref={listRef} role="list" aria-label={label} style={{ paddingTop, paddingBottom }}>
      {rows.map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          // The row's bottom padding is the grid's gap, measured with the row.
          className="grid gap-4 pb-4"
          style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
          role="presentation"
        >
          {items.slice(row.index * columns, row.index * columns + columns).map((item, k) => (
            // biome-ignore lint/a11y/useSemanticElements: an item of the role="list" above, inside its measured row
            <div
              key={getKey(item)}
              role="listitem"
              aria-posinset={row.index * columns + k + 1}
              aria-setsize={items.length}
              className="min-w-0"
            >
              {renderItem(item)}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
