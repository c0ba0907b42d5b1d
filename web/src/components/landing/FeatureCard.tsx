import { Card, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { brandGradient } from './brand';
import classes from './Landing.module.css';

interface FeatureCardProps {
  icon: Icon;
  title: string;
  children: ReactNode;
}

export function FeatureCard({ icon: IconComponent, title, children }: FeatureCardProps) {
  return (
    <Card withBorder radius="lg" padding="xl" shadow="xs" className={classes.card}>
      <ThemeIcon size={48} radius="md" variant="gradient" gradient={brandGradient} mb="md" aria-hidden>
        <IconComponent size={26} stroke={1.6} />
      </ThemeIcon>
      <Title order={3} fz="lg" mb={6}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" lh={1.6}>
        {children}
      </Text>
    </Card>
  );
}
