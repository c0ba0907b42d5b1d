import { Button, Group, Text } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';

import { useAdminFormat } from '../../features/admin/format';
import { useJobRun } from '../../features/admin/useJobRun';
import { weeklyRoundKey, type WeeklyRound } from '../../features/weekly-introductions/api';
import { AdminPanel } from './AdminShell';
import { Stats } from './Stats';

/** Overview: the latest weekly round of introductions, and a run-now for the current week. */
export function WeeklyIntroductionsPanel() {
  const { t } = useTranslation('admin');
  const { count, dateTime } = useAdminFormat();
  const { data, mutate } = useSWR<{ round: WeeklyRound | null }, Error>(weeklyRoundKey);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const { running, starting, start } = useJobRun('weekly-introductions', {
    onStarted: () => setMessage(null),
    onCompleted: (run) => {
      setMessage({ text: run.skipped > 0 ? t('weekly.already') : t('weekly.done'), error: false });
      void mutate();
    },
    onFailed: (text) => setMessage({ text: text ?? t('weekly.failed'), error: true }),
  });
  const round = data?.round;
  return (
    <AdminPanel title={t('weekly.title')}>
      {round ? (
        <>
          <Text size="sm" c="dimmed">
            {t('weekly.ran', { week: round.week, when: dateTime(round.ranAt) })}
          </Text>
          <Stats
            items={[
              { name: t('weekly.membersIn'), value: count(round.membersIn) },
              { name: t('weekly.pairsMade'), value: count(round.pairsMade) },
              { name: t('weekly.hellos'), value: count(round.hellos) },
              { name: t('weekly.mutualHellos'), value: count(round.mutualHellos) },
            ]}
          />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('weekly.none')}
        </Text>
      )}
      <Group gap="sm">
        <Button leftSection={<IconHeartHandshake size={16} />} loading={starting} disabled={running} onClick={() => void start()}>
          {t('weekly.runNow')}
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
