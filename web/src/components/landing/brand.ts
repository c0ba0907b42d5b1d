import type { MantineGradient } from '@mantine/core';

export const brandGradient: MantineGradient = { from: 'violet', to: 'pink', deg: 135 };

// Space kept above a section when an anchor scrolls to it, so the sticky nav bar does not cover its title.
export const sectionScrollMargin = 80;
