import { Button, Group, Text } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { useState } from 'react';
import useSWR from 'swr';

import { count, dateTime } from '../../features/admin/format';
import { useJobRun } from '../../features/admin/useJobRun';
import { weeklyRoundKey, type WeeklyRound } from '../../features/weekly-introductions/api';
import { AdminPanel } from './AdminShell';
import { Stats } from './Stats';

/** Overview: the latest weekly round of introductions, and a run-now for the current week. */
export function WeeklyIntroductionsPanel() {
  const { data, mutate } = useSWR<{ round: WeeklyRound | null }, Error>(weeklyRoundKey);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const { running, starting, start } = useJobRun('weekly-introductions', {
    onStarted: () => setMessage(null),
    onCompleted: (run) => {
      setMessage({ text: run.skipped > 0 ? 'This week already had its round: nothing new was proposed.' : 'This week’s round is done.', error: false });
      void mutate();
    },
    onFailed: (text) => setMessage({ text: text ?? 'The weekly round failed.', error: true }),
  });
  const round = data?.round;
  return (
    <AdminPanel title="Weekly introductions">
      {round ? (
        <>
          <Text size="sm" c="dimmed">
            Week of {round.week}, run {dateTime(round.ranAt)}.
          </Text>
          <Stats
            items={[
              { name: 'Members in', value: count(round.membersIn) },
              { name: 'Pairs made', value: count(round.pairsMade) },
              { name: 'Hellos', value: count(round.hellos) },
              { name: 'Mutual hellos', value: count(round.mutualHellos) },
            ]}
          />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          No weekly round yet. Cron runs it at CRON_WEEKLY_INTRODUCTIONS.
        </Text>
      )}
      <Group gap="sm">
        <Button leftSection={<IconHeartHandshake size={16} />} loading={starting} disabled={running} onClick={() => void start()}>
          Run this week’s round now
        </Button>
      </Group>
      {message ? (
        <Text size="sm" c={message.error ? 'red.8' : undefined} role="status">
          {message.text}
        </Text>
      ) : null}
    </AdminPanel>
  );
}
