import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { RuleKind, SearchResult, SearchRule, SearchScope } from '../../features/search/api';
import { ProfileDialog } from './ProfileDialog';
import { RankedResults } from './RankedResults';
import { ResultCard } from './ResultCard';
import { RuleChips } from './RuleChips';
import { ScopeControls } from './ScopeControls';
import classes from './Search.module.css';

interface Props {
  results: SearchResult[];
  searchedFor: string;
  rules: SearchRule[];
  refining: boolean;
  scope: SearchScope;
  /** Whether the campus-verified chip is offered (the campus sign-in is configured). */
  campusVerification: boolean;
  onScopeChange: (change: Partial<SearchScope>) => void;
  selected: SearchResult | null;
  onSelect: (result: SearchResult | null) => void;
  onDropRule: (kind: RuleKind) => void;
  onNewSearch: () => void;
}

/** The ranked results of one search, its removable rules, and the profile dialog of the one opened. */
export function SearchResultsView(props: Props) {
  const { results, searchedFor, rules, refining, selected, onSelect, onDropRule, onNewSearch } = props;
  const { t } = useTranslation('search');
  return (
    <Container size="xl" px={{ base: 12, sm: 'lg' }} pb="xl" component="main">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={1} fz={{ base: 22, sm: 28 }} lh={1.2}>
              {t('results.count', { count: results.length })}
            </Title>
            <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {t('results.searchedFor', { query: searchedFor })}
            </Text>
          </Stack>
          <Button variant="white" color="dark" leftSection={<IconArrowLeft size={16} />} onClick={onNewSearch} style={{ flexShrink: 0 }}>
            {t('results.newSearch')}
          </Button>
        </Group>
        <RuleChips rules={rules} busy={refining} onRemove={onDropRule} />
        <ScopeControls scope={props.scope} campusVerification={props.campusVerification} busy={refining} onChange={props.onScopeChange} />
        <RankedResults
          results={results}
          render={(result, index, height) => (
            <ResultCard
              key={result.id}
              result={result}
              index={index}
              height={height}
              onOpen={() => {
                onSelect(result);
              }}
            />
          )}
        />
        <Text className={classes.pullHint} size="xs" c="dimmed">
          {t('results.pullHint')}
        </Text>
      </Stack>
      <ProfileDialog
        result={selected}
        query={searchedFor}
        onClose={() => {
          onSelect(null);
        }}
      />
    </Container>
  );
}
