import { Divider } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { SearchResult } from '../../features/search/api';
import { Masonry } from './Masonry';

/**
 * The results in two groups when the search states rules and not every result meets them: the
 * members who meet every rule, then, under a divider ("Close, but not everything you asked for"),
 * the rest (the server lists them in that order). Each group is its own grid, so the divider spans
 * the page.
 */
export function RankedResults({ results, render }: { results: readonly SearchResult[]; render: (result: SearchResult, index: number, height: number) => ReactNode }) {
  const { t } = useTranslation('search');
  const meets = results.filter((r) => r.meetsRules);
  const rest = results.filter((r) => !r.meetsRules);
  if (rest.length === 0) return <Masonry items={results} label={t('results.listLabel')} render={render} />;
  const closeButNotAll = t('results.closeButNotAll');
  return (
    <>
      {meets.length > 0 ? <Masonry items={meets} label={t('results.meetsLabel')} render={render} /> : null}
      <Divider my="sm" label={closeButNotAll} labelPosition="center" styles={{ label: { fontSize: 'var(--mantine-font-size-sm)', color: 'var(--mantine-color-dark-6)' } }} />
      <Masonry items={rest} label={closeButNotAll} render={(result, index, height) => render(result, meets.length + index, height)} />
    </>
  );
}
