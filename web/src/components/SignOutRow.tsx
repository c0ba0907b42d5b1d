import { Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';

/** The Sign Out button with the reminder that sign-out is global (spec part 3 §6). */
export function SignOutRow({ signingOut, onSignOut }: { signingOut: boolean; onSignOut: () => void }) {
  return (
    <Group justify="space-between" align="center" gap="sm">
      <Text size="sm" c="dimmed">
        Signing out ends your sessions on every device.
      </Text>
      <Button variant="default" radius="md" leftSection={<IconLogout size={18} />} loading={signingOut} onClick={onSignOut}>
        Sign Out
      </Button>
    </Group>
  );
}
