import { useElementSize } from '@mantine/hooks';
import type { ReactNode } from 'react';

import classes from './Search.module.css';

/** The six card heights the grid cycles through (px). */
export const CARD_HEIGHTS = [250, 190, 300, 220, 280, 210] as const;

export const cardHeight = (index: number): number => CARD_HEIGHTS[index % CARD_HEIGHTS.length] ?? 240;

/** 2 columns on phones up to 5 on wide screens, by the grid's own width. */
export function columnsFor(width: number): number {
  if (width < 560) return 2;
  if (width < 840) return 3;
  if (width < 1120) return 4;
  return 5;
}

/**
 * A masonry grid: items go, in order, to the shortest column so far (their heights are known from
 * the cycle), which keeps the best results at the top.
 */
export function Masonry<T>({ items, label, render }: { items: readonly T[]; label: string; render: (item: T, index: number, height: number) => ReactNode }) {
  const { ref, width } = useElementSize();
  // A few results spread over fewer, wider columns rather than leaving empty ones.
  const count = Math.max(2, Math.min(columnsFor(width || 390), items.length));
  const columns: { nodes: ReactNode[]; height: number }[] = Array.from({ length: count }, () => ({ nodes: [], height: 0 }));
  items.forEach((item, index) => {
    const height = cardHeight(index);
    let shortest = columns[0];
    for (const column of columns) if (shortest && column.height < shortest.height) shortest = column;
    if (!shortest) return;
    shortest.nodes.push(render(item, index, height));
    shortest.height += height;
  });
  return (
    <div ref={ref} className={classes.masonry} role="list" aria-label={label} data-columns={count}>
      {columns.map((column, index) => (
        <div key={index} className={classes.column}>
          {column.nodes}
        </div>
      ))}
    </div>
  );
}
