import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';

import { productName } from '../product';

// Stand-in for the sign-in / sign-up screen until it ships.
export function AuthPlaceholderPage() {
  useEffect(() => {
    document.title = `Sign in · ${productName}`;
  }, []);

  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper withBorder shadow="sm" radius="lg" p="xl" maw={440}>
        <Stack gap="sm" ta="center">
          <Title order={1} fz={28}>
            {productName}
          </Title>
          <Text c="dimmed">Sign-in and sign-up open in the next release of {productName}.</Text>
          <Anchor component={Link} to="/" fw={600}>
            Back to home
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
