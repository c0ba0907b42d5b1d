import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';

import type { Session, SessionUser } from '../features/auth/api';
import { productName } from '../product';
import { RequireMember } from '../pages/moment/RequireMember';
import classes from './MemberPage.module.css';

interface ShellProps {
  title: string;
  subtitle?: ReactNode;
  /** Where Back goes (spec: most screens go back to /search). */
  back?: string;
  /** Shown at the right of the header. */
  headerRight?: ReactNode;
  width?: number;
  children: ReactNode;
}

/** Header with Back, a title, and the page's content: the frame of the member's own pages. */
export function MemberPageShell({ title, subtitle, back = '/search', headerRight, width = 720, children }: ShellProps) {
  const { t } = useTranslation('shell');
  const documentTitle = t('documentTitle', { title, product: productName });
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    <Box className={classes.root}>
      <Box component="header" className={classes.header}>
        <Container size={width} h={64}>
          <Group h="100%" wrap="nowrap" justify="space-between">
            <Button component={Link} to={back} variant="subtle" color="gray.8" size="compact-md" leftSection={<IconArrowLeft size={18} />}>
              {t('back')}
            </Button>
            {headerRight}
          </Group>
        </Container>
      </Box>
      <Container size={width} px={{ base: 'md', sm: 'lg' }} py={{ base: 20, sm: 40 }} component="main">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 34 }} lh={1.15}>
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

/** A white card holding one section of a member page. */
export function MemberPanel({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Box component="section" className={classes.panel} aria-label={label}>
      {children}
    </Box>
  );
}

/**
 * Renders its children for a signed-in member who finished onboarding; a visitor goes to
 * /auth?redirect=…, a member still onboarding to /onboarding.
 */
export function RequireCompleteMember({ children }: { children: (user: SessionUser, session: Session) => ReactNode }) {
  const location = useLocation();
  return (
    <RequireMember>
      {(user, session) =>
        session.profileComplete ? children(user, session) : <Navigate to={`/onboarding?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />
      }
    </RequireMember>
  );
}
