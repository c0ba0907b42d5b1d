import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

export type Tone = 'positive' | 'neutral' | 'negative' | 'info' | 'pending' | 'vip';

/**
 * Badges whose text passes WCAG AA. Mantine's light teal draws teal 9 on teal 1 (4.3:1), so the
 * positive badge sits on teal 0 (4.7:1); light yellow is 2.7:1, so VIP is filled yellow with dark text.
 */
const tones = {
  positive: { color: 'teal.0', variant: 'light' },
  neutral: { color: 'gray', variant: 'light' },
  negative: { color: 'red', variant: 'light' },
  info: { color: 'violet', variant: 'light' },
  pending: { color: 'blue', variant: 'light' },
  vip: { color: 'yellow', variant: 'filled', autoContrast: true },
} as const;

export function ToneBadge({ tone, children, miw }: { tone: Tone; children: ReactNode; miw?: number }) {
  return (
    <Badge {...tones[tone]} miw={miw} style={{ flexShrink: 0 }}>
      {children}
    </Badge>
  );
}
