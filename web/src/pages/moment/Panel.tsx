import { Box, Paper, Stack, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId } from 'react';
import type { ReactNode } from 'react';

import classes from './Moment.module.css';

/**
 * A panel with a heading. On phones, when two panels share the screen, the heading is a button that
 * shows this panel and folds the other (the disclosure pattern).
 */
export function Panel(props: { title: string; collapsible: boolean; open: boolean; onToggle: () => void; children: ReactNode; top?: ReactNode }) {
  const contentId = useId();
  const headingId = useId();
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.panel}>
      <Stack gap="lg">
        {props.top}
        {props.collapsible ? (
          <Title order={2} id={headingId} className={classes.panelTitle}>
            <UnstyledButton className={classes.panelToggle} aria-expanded={props.open} aria-controls={contentId} onClick={props.onToggle}>
              <span>{props.title}</span>
              <IconChevronDown size={20} className={classes.chevron} data-open={props.open || undefined} aria-hidden />
            </UnstyledButton>
          </Title>
        ) : (
          <Title order={2} id={headingId} className={classes.panelTitle}>
            {props.title}
          </Title>
        )}
        {props.open ? (
          <Box id={contentId} role="region" aria-labelledby={headingId} className={classes.panelBody}>
            {props.children}
          </Box>
        ) : null}
      </Stack>
    </Paper>
  );
}
