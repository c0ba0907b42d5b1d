import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import type { Session, SessionUser } from '../../features/auth/api';
import { errorMessage } from '../../features/auth/notify';
import { authPathFor } from '../../features/auth/redirect';
import { useSession } from '../../features/auth/useSession';

/**
 * Renders its children only for a signed-in member; a signed-out visitor goes to
 * /auth?redirect=<this page>, as on /onboarding.
 */
export function RequireMember({ children }: { children: (user: SessionUser, session: Session) => ReactNode }) {
  const { user, session, error, isLoading, mutate } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const leaving = useRef(false);

  useEffect(() => {
    if (leaving.current || !session || session.user) return;
    leaving.current = true;
    void navigate(authPathFor(`${location.pathname}${location.search}`), { replace: true });
  }, [session, navigate, location.pathname, location.search]);

  if (!user || !session) {
    return (
      <Center mih="100dvh" p="md" component="main">
        {error && !isLoading ? (
          <Stack align="center" gap="xs" ta="center">
            <Text fw={600}>We could not check whether you are signed in.</Text>
            <Text c="dimmed" size="sm">
              {errorMessage(error)}
            </Text>
            <Button variant="light" onClick={() => void mutate()}>
              Try again
            </Button>
          </Stack>
        ) : (
          <Loader color="violet" type="dots" aria-label="Loading" />
        )}
      </Center>
    );
  }
  return children(user, session);
}
