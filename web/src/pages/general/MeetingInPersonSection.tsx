import { Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconHash, IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { errorMessage, notify } from '../../features/auth/notify';
import type { Profile } from '../../features/profile/api';
import { setTouchpointPresence } from '../../features/touchpoints/api';

/** General: "show me at places I tap", and the ways to connect with someone in person. */
export function MeetingInPersonSection({ profile, onChanged }: { profile: Profile; onChanged: () => void }) {
  const [saving, setSaving] = useState(false);
  const save = async (show: boolean) => {
    setSaving(true);
    try {
      await setTouchpointPresence(show);
      notify('success', 'Saved', show ? 'You appear at places you tap from now on.' : 'You no longer appear at any place, and the places you tapped are forgotten.');
      onChanged();
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
      <Switch
        checked={profile.show_at_touchpoints}
        disabled={saving}
        onChange={(event) => void save(event.currentTarget.checked)}
        label="Show me at places I tap"
        description="When you tap a campus touchpoint while signed in, people who open that touchpoint in the next 30 days can see your card there. Nobody sees when you were there or which other places you tapped. Switching this off removes you from every place at once."
      />
      <Group gap="sm">
        <Button component={Link} to="/nfc-profile-exchange?from=settings" variant="default" leftSection={<IconQrcode size={16} />}>
          Exchange profiles
        </Button>
        <Button component={Link} to="/code-search" variant="default" leftSection={<IconHash size={16} />}>
          Find by code
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Your code: {profile.user_code ?? 'Generating...'}
      </Text>
    </Stack>
  );
}
