import { Badge, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconShieldLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { productName } from '../../product';
import classes from './Admin.module.css';

interface Props {
  title: string;
  subtitle?: ReactNode;
  /** The dashboard goes back to the app (/search), a maintenance page to the dashboard. */
  back: { to: string; label: string };
  width?: number;
  children: ReactNode;
}

/** The frame of the administrator's pages: Back, a title, the content. */
export function AdminShell({ title, subtitle, back, width = 1200, children }: Props) {
  const { t } = useTranslation('admin');
  useEffect(() => {
    document.title = `${title} · ${productName}`;
  }, [title]);
  return (
    <Box className={classes.root}>
      <Box component="header" className={classes.header}>
        <Container size={width} h={64}>
          <Group h="100%" wrap="nowrap" justify="space-between">
            <Button component={Link} to={back.to} variant="subtle" color="gray.8" size="compact-md" leftSection={<IconArrowLeft size={18} />}>
              {back.label}
            </Button>
            <Badge variant="light" color="violet" size="lg" leftSection={<IconShieldLock size={14} />} visibleFrom="sm">
              {t('shell.administrator')}
            </Badge>
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

/** A white panel holding one section, with its heading. */
export function AdminPanel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" className={classes.panel} aria-label={title}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} fz={20}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Box>
  );
}
