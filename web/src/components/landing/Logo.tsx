import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';

import { productName } from '../../product';

import { brandGradient } from './brand';

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={34} radius="md" variant={inverted ? 'white' : 'gradient'} gradient={brandGradient} aria-hidden>
        <IconHeartHandshake size={20} stroke={1.8} />
      </ThemeIcon>
      <Text fw={800} fz="lg" c={inverted ? 'white' : 'dark.8'} lh={1}>
        {productName}
      </Text>
    </Group>
  );
}
