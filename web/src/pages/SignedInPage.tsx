import { Box, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { HomeLink } from '../components/HomeLink';
import { SessionPending } from '../components/SessionPending';
import { SignOutRow } from '../components/SignOutRow';
import { authPathFor } from '../features/auth/redirect';
import { useSession } from '../features/auth/useSession';
import { useSignOut } from '../features/auth/useSignOut';
import { productName } from '../product';

interface Props {
  /** The page this will become, e.g. "Onboarding". */
  title: string;
  /** The heading, when it differs from the title. */
  heading?: string;
}

/**
 * Stand-in for the signed-in pages (/onboarding, /search, /admin, /settings) until they are built:
 * it checks the session, says who is signed in and what is coming, and offers Sign Out.
 */
export function SignedInPage({ title, heading = title }: Props) {
  const { user, session, error, isLoading, mutate } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // Set when signing out, so the "not signed in" redirect does not race the way home.
  const leaving = useRef(false);
  const { signingOut, signOut } = useSignOut(() => {
    leaving.current = true;
  });

  useEffect(() => {
    document.title = `${title} · ${productName}`;
  }, [title]);

  useEffect(() => {
    if (leaving.current || !session || session.user) return;
    leaving.current = true;
    void navigate(authPathFor(`${location.pathname}${location.search}`), { replace: true });
  }, [session, navigate, location.pathname, location.search]);

  if (!user) {
    return <SessionPending error={error} isLoading={isLoading} retry={() => void mutate()} />;
  }

  return (
    <Box mih="100dvh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <HomeLink />
            <Text size="sm" c="dimmed" truncate visibleFrom="xs" maw={320}>
              {user.email}
            </Text>
          </Group>
        </Container>
      </Box>
      <Container size="sm" py={{ base: 40, sm: 72 }} component="main">
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="lg">
            <Group gap="md" wrap="nowrap" align="flex-start">
              <ThemeIcon size={48} radius="xl" variant="light" color="violet" aria-hidden>
                <IconHourglassHigh size={26} />
              </ThemeIcon>
              <Stack gap={4} miw={0}>
                <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2}>
                  {heading}
                </Title>
                <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  Signed in as {user.email}
                </Text>
              </Stack>
            </Group>
            <Text>
              The <strong>{title}</strong> page arrives in a coming release of {productName}. Your account is all set for it.
            </Text>
            <SignOutRow signingOut={signingOut} onSignOut={() => void signOut()} />
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
