import { Button, Center, Loader, Stack, Text } from '@mantine/core';

import { errorMessage } from '../../features/auth/notify';

interface Props {
  /** What is loading, e.g. "users". */
  what: string;
  isLoading: boolean;
  /** Why it could not be loaded: the server's sentence is shown. */
  error?: unknown;
  onRetry: () => void;
}

/** While a list loads, a spinner; when it could not be loaded, why, and Try again. */
export function LoadState({ what, isLoading, error, onRetry }: Props) {
  if (isLoading) {
    return (
      <Center py="xl">
        <Loader color="violet" aria-label={`Loading ${what}`} />
      </Center>
    );
  }
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      <Text fw={600}>The {what} could not be loaded.</Text>
      {error ? (
        <Text size="sm" c="dimmed" role="status">
          {errorMessage(error)}
        </Text>
      ) : null}
      <Button variant="light" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}
