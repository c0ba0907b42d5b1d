import { Button, Group, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { RuleKind, SearchRule } from '../../features/search/api';

/**
 * What the search understood as rules ("Ages 20–25", "Women", "In Vancouver"), each removable:
 * removing one searches again without it. Buttons, so each is reachable by keyboard; the name
 * starts with the chip's own words (what a voice user says).
 */
export function RuleChips({ rules, busy, onRemove }: { rules: readonly SearchRule[]; busy: boolean; onRemove: (kind: RuleKind) => void }) {
  const { t } = useTranslation('search');
  if (rules.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" role="group" aria-label={t('rules.groupLabel')}>
      <Text size="sm" c="dimmed" component="span">
        {t('rules.only')}
      </Text>
      {rules.map((rule) => (
        <Button
          key={rule.kind}
          size="compact-sm"
          radius="xl"
          variant="default"
          rightSection={<IconX size={12} aria-hidden />}
          aria-label={t('rules.remove', { label: rule.label })}
          disabled={busy}
          onClick={() => {
            onRemove(rule.kind);
          }}
        >
          {rule.label}
        </Button>
      ))}
    </Group>
  );
}
