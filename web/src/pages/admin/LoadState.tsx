import { Button, Center, Loader, Stack, Text } from '@mantine/core';

import { useTranslation } from 'react-i18next';

import { errorMessage } from '../../features/auth/notify';

export type LoadWhat = 'users' | 'payments' | 'settings' | 'locations' | 'figures' | 'aiStatus' | 'jobRuns' | 'adminActions';

interface Props {
  /** What is loading: its key under load.what in the admin catalogue. */
  what: LoadWhat;
  isLoading: boolean;
  /** Why it could not be loaded: the server's sentence is shown. */
  error?: unknown;
  onRetry: () => void;
}

/** While a list loads, a spinner; when it could not be loaded, why, and Try again. */
export function LoadState({ what, isLoading, error, onRetry }: Props) {
  const { t } = useTranslation('admin');
  if (isLoading) {
    return (
      <Center py="xl">
        <Loader color="violet" aria-label={t(`load.loading.${what}`)} />
      </Center>
    );
  }
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      <Text fw={600}>{t(`load.failed.${what}`)}</Text>
      {error ? (
        <Text size="sm" c="dimmed" role="status">
          {errorMessage(error)}
        </Text>
      ) : null}
      <Button variant="light" onClick={onRetry}>
        {t('load.retry')}
      </Button>
    </Stack>
  );
}
