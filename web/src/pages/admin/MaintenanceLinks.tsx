import { Anchor, Box, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

import classes from './Admin.module.css';

const tools = [
  { to: '/regenerate-embeddings', name: 'Regenerate embeddings', what: 'Rebuild every profile’s search vector with the current model.' },
  { to: '/fix-formats', name: 'Fix formats', what: 'Rule-based fix of address and profession formats, no AI. Run it before regenerating embeddings.' },
  { to: '/batch-standardize', name: 'Batch AI standardization', what: 'Addresses to city, province, country and professions to the fixed categories.' },
  { to: '/batch-standardize-locations', name: 'Batch address standardisation', what: 'Addresses only, with the reason for each change.' },
  { to: '/batch-enhance-profiles', name: 'Batch AI enhancement', what: 'Write missing AI backgrounds and embeddings.' },
];

/** The maintenance pages, each one batch job. */
export function MaintenanceLinks() {
  return (
    <Box component="ul" className={classes.plainList} aria-label="Maintenance tools">
      {tools.map((tool) => (
        <li key={tool.to} className={classes.card}>
          <Anchor component={Link} to={tool.to} fw={600}>
            {tool.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {tool.what}
          </Text>
        </li>
      ))}
    </Box>
  );
}
