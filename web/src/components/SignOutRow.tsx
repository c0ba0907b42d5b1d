import { Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The Sign Out button with the reminder that sign-out is global (spec part 3 §6). */
export function SignOutRow({ signingOut, onSignOut }: { signingOut: boolean; onSignOut: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Group justify="space-between" align="center" gap="sm">
      <Text size="sm" c="dimmed">
        {t('signOutNote')}
      </Text>
      <Button variant="default" radius="md" leftSection={<IconLogout size={18} />} loading={signingOut} onClick={onSignOut}>
        {t('signOut')}
      </Button>
    </Group>
  );
}
