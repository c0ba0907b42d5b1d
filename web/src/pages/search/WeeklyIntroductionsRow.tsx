import { Anchor, Avatar, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import useSWR from 'swr';

import { errorMessage, notify } from '../../features/auth/notify';
import { answerWeekly, weeklyKey, type WeeklyPerson, type WeeklyView } from '../../features/weekly-introductions/api';

// A mutual hello the member has been told about, so the notice shows once per person, on the device that saw it.
const seenKey = (id: string) => `kindred.weekly-mutual-seen.${id}`;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

function PersonCard({ person, onAnswered }: { person: WeeklyPerson; onAnswered: () => Promise<unknown> }) {
  const { t } = useTranslation('search');
  const [busy, setBusy] = useState<'hello' | 'pass' | null>(null);
  const answer = async (kind: 'hello' | 'pass') => {
    setBusy(kind);
    try {
      const { state } = await answerWeekly(person.id, kind);
      if (state === 'mutual') {
        localStorage.setItem(seenKey(person.id), '1');
        notify('success', t('weekly.mutualTitle'), t('weekly.mutualText', { name: person.name }));
      }
      await onAnswered();
    } catch (error) {
      notify('error', t('weekly.answerFailed'), errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  const facts = [person.age === null ? null : String(person.age), person.location].filter(Boolean).join(' · ');
  return (
    <Paper component="li" withBorder radius="lg" p="md" data-testid="weekly-card" data-state={person.state} aria-label={person.name}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={6}>
          <Group gap="sm" wrap="nowrap">
            <Avatar src={person.avatarUrl} alt="" radius="xl" color="violet">
              {initials(person.name)}
            </Avatar>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={700} truncate>
                {person.name}
              </Text>
              {facts ? (
                <Text size="sm" c="dimmed" truncate>
                  {facts}
                </Text>
              ) : null}
            </Stack>
          </Group>
          <Text size="sm">{person.reason}</Text>
        </Stack>
        {person.state === 'mutual' ? (
          <Text size="sm" fw={600} c="teal.9" role="status">
            {/* The words before the link end with the language's own space (none in Chinese). */}
            {t('weekly.mutualBefore')}
            <Anchor component={Link} to="/mailbox" inherit c="teal.9" underline="always">
              {t('weekly.mutualLink')}
            </Anchor>
            {t('weekly.mutualAfter')}
          </Text>
        ) : person.state === 'waiting' ? (
          <Text size="sm" c="dimmed" role="status">
            {t('weekly.waiting', { name: person.name })}
          </Text>
        ) : (
          <Group gap="sm" grow>
            <Button color="violet.8" loading={busy === 'hello'} disabled={busy !== null} onClick={() => void answer('hello')} aria-label={t('weekly.sayHelloTo', { name: person.name })}>
              {t('weekly.sayHello')}
            </Button>
            <Button variant="default" loading={busy === 'pass'} disabled={busy !== null} onClick={() => void answer('pass')} aria-label={t('weekly.passOn', { name: person.name })}>
              {t('weekly.pass')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The search page's "This week": the member's weekly introductions, while they have any. */
export function WeeklyIntroductionsRow() {
  const { t } = useTranslation('search');
  const { data, mutate } = useSWR<WeeklyView, Error>(weeklyKey);
  const people = data?.people;
  useEffect(() => {
    // The other member said hello since the member last looked: tell them once.
    for (const person of people ?? []) {
      if (person.state !== 'mutual' || localStorage.getItem(seenKey(person.id))) continue;
      localStorage.setItem(seenKey(person.id), '1');
      notify('success', t('weekly.mutualTitle'), t('weekly.mutualText', { name: person.name }));
    }
  }, [people, t]);
  if (!people || people.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="weekly-title" data-foreground>
      <Title order={2} fz={18} id="weekly-title">
        {t('weekly.title')}
      </Title>
      {/* As many columns as people from tablet width up, so one or two cards are not squeezed into thirds. */}
      <SimpleGrid component="ul" cols={{ base: 1, sm: people.length }} spacing="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {people.map((person) => (
          <PersonCard key={person.id} person={person} onAnswered={() => mutate()} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
