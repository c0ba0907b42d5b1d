import { Loader, Stack, Switch, Title } from '@mantine/core';
import { useState } from 'react';
import useSWR from 'swr';

import { errorMessage, notify } from '../../features/auth/notify';
import { setWeeklyOptIn, weeklyKey, type WeeklyView } from '../../features/weekly-introductions/api';

/** General: "Weekly introductions", off until the member turns it on. */
export function WeeklyIntroductionsSection() {
  const { data, mutate } = useSWR<WeeklyView, Error>(weeklyKey);
  const [saving, setSaving] = useState(false);
  const save = async (optedIn: boolean) => {
    setSaving(true);
    try {
      await setWeeklyOptIn(optedIn);
      await mutate();
      notify('success', 'Saved', optedIn ? 'You will get your introductions with the next weekly round.' : 'No more weekly introductions.');
    } catch (error) {
      notify('error', 'Could not save', errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="sm">
      <Title order={2} fz={20}>
        Weekly introductions
      </Title>
      {data ? (
        <Switch
          checked={data.optedIn}
          disabled={saving}
          onChange={(event) => void save(event.currentTarget.checked)}
          label="Weekly introductions"
          description="Each week we suggest up to three members who'd likely say yes to you too; only people who also opted in."
        />
      ) : (
        <Loader size="sm" color="violet" aria-label="Loading your setting" />
      )}
    </Stack>
  );
}
