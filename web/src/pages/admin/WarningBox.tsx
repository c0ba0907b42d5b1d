import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A yellow warning. Its title is drawn in the text colour: Mantine's light yellow draws it in
 * yellow 9 on yellow 1, 2.7:1, short of WCAG AA's 4.5:1.
 */
export function WarningBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert variant="light" color="yellow" icon={<IconAlertTriangle size={20} />} title={title} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
      {children}
    </Alert>
  );
}
