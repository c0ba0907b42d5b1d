import { Button, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { IconHash, IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import useSWR from 'swr';

import { errorMessage, notify } from '../../features/auth/notify';
import { presenceKey, setTouchpointPresence, type TouchpointPresence } from '../../features/touchpoints/api';

/** "from an hour later, for 30 days"; "for 30 days" with no delay. */
function listedFor(minutes: number, days: number): string {
  const span = `for ${String(days)} days`;
  if (minutes === 0) return span;
  const delay = minutes % 60 !== 0 ? `${String(minutes)} minutes` : minutes === 60 ? 'an hour' : `${String(minutes / 60)} hours`;
  return `from ${delay} later, ${span}`;
}

/** General: "show me at places I tap", and the ways to connect with someone in person. */
export function MeetingInPersonSection({ userCode }: { userCode: string | null }) {
  const { data, mutate } = useSWR<TouchpointPresence, Error>(presenceKey);
  const [saving, setSaving] = useState(false);
  const save = async (show: boolean) => {
    setSaving(true);
    try {
      await mutate(setTouchpointPresence(show), { revalidate: false });
      notify('success', 'Saved', show ? 'You appear at places you tap from now on.' : 'You no longer appear at any place, and the places you tapped are forgotten.');
    } catch (error) {
      notify('error', 'Could not save', errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="sm">
      <Title order={2} fz={20}>
        Meeting in person
      </Title>
      {data ? (
        <Switch
          checked={data.showAtTouchpoints}
          disabled={saving}
          onChange={(event) => void save(event.currentTarget.checked)}
          label="Show me at places I tap"
          description={`When you tap a campus touchpoint while signed in, people who open that touchpoint can see your card there ${listedFor(data.listDelayMinutes, data.windowDays)}. Nobody sees when you were there or which other places you tapped. Switching this off removes you from every place at once.`}
        />
      ) : (
        <Loader size="sm" color="violet" aria-label="Loading your setting" />
      )}
      <Group gap="sm">
        <Button component={Link} to="/nfc-profile-exchange?from=settings" variant="default" leftSection={<IconQrcode size={16} />}>
          Exchange profiles
        </Button>
        <Button component={Link} to="/code-search" variant="default" leftSection={<IconHash size={16} />}>
          Find by code
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Your code: {userCode ?? 'Generating...'}
      </Text>
    </Stack>
  );
}
