import { Avatar, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCrown, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { brandGradient } from '../../components/landing/brand';
import type { SearchResult } from '../../features/search/api';
import type { VisitorCard } from '../../features/touchpoints/api';
import { formatMatch } from '../search/ResultCard';
import classes from './Nfc.module.css';

/** One person at a touchpoint: with match information and View Detailed Analysis for a member, without for a visitor. */
export function PersonCard({ person, match, onOpen }: { person: VisitorCard | SearchResult; match?: { percentage: number; why: string }; onOpen?: () => void }) {
  const { t } = useTranslation('touchpoints');
  return (
    <li>
      <div className={classes.card} data-testid="person-card">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={person.avatarUrl} alt="" size={48} radius="xl" color="violet" variant="light">
            {person.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap={6} wrap="nowrap">
              <Text fw={800} truncate>
                {person.name}, {person.age}
              </Text>
              {person.isVip ? <IconCrown size={16} color="var(--mantine-color-yellow-7)" aria-label={t('person.vip')} role="img" style={{ flexShrink: 0 }} /> : null}
            </Group>
            <Text size="sm" c="dimmed" truncate>
              {person.profession}
            </Text>
          </Stack>
          {match ? (
            <Badge variant="gradient" gradient={brandGradient} style={{ flexShrink: 0 }} data-testid="match">
              {formatMatch(match.percentage)}
            </Badge>
          ) : null}
        </Group>
        {match ? (
          <Text size="sm" c="violet.9" lineClamp={3}>
            {match.why}
          </Text>
        ) : (
          <Text size="sm" lineClamp={3}>
            {person.bio || t('person.noBio')}
          </Text>
        )}
        {person.interests.length > 0 ? (
          <Group gap={4}>
            {person.interests.slice(0, 4).map((interest) => (
              <Badge key={interest} variant="light" color="violet" tt="none" fw={600} size="sm">
                {interest}
              </Badge>
            ))}
          </Group>
        ) : null}
        {onOpen ? (
          <Button mt="auto" variant="light" color="violet" leftSection={<IconSparkles size={16} />} onClick={onOpen} aria-label={t('person.viewAnalysisOf', { name: person.name })}>
            {t('person.viewAnalysis')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
