import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

import classes from '../admin/Admin.module.css';

interface Props {
  label: string;
  /** A fixed height (the address list: 400 px) or a maximum (the standardization list: about 24rem). */
  height?: number | string;
  maxHeight?: number | string;
  children: ReactNode;
}

/**
 * A results list that scrolls within its own height. It takes keyboard focus, so it can be
 * scrolled without a mouse (its rows hold no controls).
 */
export function ResultsList({ label, height, maxHeight, children }: Props) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} className={classes.scrollList} h={height} mah={maxHeight}>
      <Box component="ul" className={classes.plainList} px="sm">
        {children}
      </Box>
    </Box>
  );
}
