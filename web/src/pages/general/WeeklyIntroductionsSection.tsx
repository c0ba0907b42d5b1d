import { Loader, Stack, Switch, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';

import { errorMessage, notify } from '../../features/auth/notify';
import { setWeeklyOptIn, weeklyKey, type WeeklyView } from '../../features/weekly-introductions/api';

/** General: "Weekly introductions", off until the member turns it on. */
export function WeeklyIntroductionsSection() {
  const { t } = useTranslation('general');
  const { data, mutate } = useSWR<WeeklyView, Error>(weeklyKey);
  const [saving, setSaving] = useState(false);
  const save = async (optedIn: boolean) => {
    setSaving(true);
    try {
      await setWeeklyOptIn(optedIn);
      await mutate();
      notify('success', t('weekly.saved'), optedIn ? t('weekly.optedIn') : t('weekly.optedOut'));
    } catch (error) {
      notify('error', t('weekly.saveFailed'), errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="sm">
      <Title order={2} fz={20}>
        {t('weekly.title')}
      </Title>
      {data ? (
        <Switch
          checked={data.optedIn}
          disabled={saving}
          onChange={(event) => void save(event.currentTarget.checked)}
          label={t('weekly.label')}
          description={t('weekly.description')}
        />
      ) : (
        <Loader size="sm" color="violet" aria-label={t('weekly.loading')} />
      )}
    </Stack>
  );
}
