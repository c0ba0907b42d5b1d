import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function FormHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={1} fz={{ base: 26, sm: 30 }} lh={1.2} style={{ letterSpacing: '-0.01em' }}>
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {children}
      </Text>
    </Stack>
  );
}
