import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id?: string;
  eyebrow: string;
  title: ReactNode;
  description: ReactNode;
}

export function SectionHeading({ id, eyebrow, title, description }: SectionHeadingProps) {
  return (
    <Stack gap="xs" align="center" ta="center" maw={640} mx="auto" mb={{ base: 32, md: 48 }}>
      <Text size="sm" fw={700} tt="uppercase" c="violet.6" style={{ letterSpacing: '0.08em' }}>
        {eyebrow}
      </Text>
      <Title id={id} order={2} fz={{ base: 28, sm: 36 }}>
        {title}
      </Title>
      <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }}>
        {description}
      </Text>
    </Stack>
  );
}
