import { Box } from '@mantine/core';

import classes from './Admin.module.css';

/** Figures as tiles, each a term and its value (a description list, so each number keeps its name). */
export function Stats({ items }: { items: { name: string; value: string }[] }) {
  return (
    <Box component="dl" className={classes.stats}>
      {items.map((item) => (
        <div key={item.name} className={classes.stat}>
          <dt>{item.name}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </Box>
  );
}
