import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '../features/auth/notify';

/** What a signed-in page shows while the session is being checked, or when the check failed. */
export function SessionPending({ error, isLoading, retry }: { error: unknown; isLoading: boolean; retry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Center mih="100dvh" p="md" component="main">
      {error && !isLoading ? (
        <Stack align="center" gap="xs" ta="center">
          <Text fw={600}>{t('sessionCheckFailed')}</Text>
          <Text c="dimmed" size="sm">
            {errorMessage(error)}
          </Text>
          <Button variant="light" onClick={retry}>
            {t('tryAgain')}
          </Button>
        </Stack>
      ) : (
        <Loader color="violet" type="dots" aria-label={t('loading')} />
      )}
    </Center>
  );
}
