import { Divider } from '@mantine/core';
import type { ReactNode } from 'react';

import type { SearchResult } from '../../features/search/api';
import { Masonry } from './Masonry';

export const CLOSE_BUT_NOT_ALL = 'Close, but not everything you asked for';

/**
 * The results in two groups when the search states rules and not every result meets them: the
 * members who meet every rule, then, under a divider, the rest (the server lists them in that
 * order). Each group is its own grid, so the divider spans the page.
 */
export function RankedResults({ results, render }: { results: readonly SearchResult[]; render: (result: SearchResult, index: number, height: number) => ReactNode }) {
  const meets = results.filter((r) => r.meetsRules);
  const rest = results.filter((r) => !r.meetsRules);
  if (rest.length === 0) return <Masonry items={results} label="Search results" render={render} />;
  return (
    <>
      {meets.length > 0 ? <Masonry items={meets} label="Search results that meet everything you asked for" render={render} /> : null}
      <Divider my="sm" label={CLOSE_BUT_NOT_ALL} labelPosition="center" styles={{ label: { fontSize: 'var(--mantine-font-size-sm)', color: 'var(--mantine-color-dark-6)' } }} />
      <Masonry items={rest} label={CLOSE_BUT_NOT_ALL} render={(result, index, height) => render(result, meets.length + index, height)} />
    </>
  );
}
