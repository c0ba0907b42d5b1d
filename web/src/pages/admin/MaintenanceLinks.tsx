import { Anchor, Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import classes from './Admin.module.css';

const tools = [
  { to: '/regenerate-embeddings', name: 'tools.regenerate.name', what: 'tools.regenerate.what' },
  { to: '/fix-formats', name: 'tools.fixFormats.name', what: 'tools.fixFormats.what' },
  { to: '/batch-standardize', name: 'tools.standardize.name', what: 'tools.standardize.what' },
  { to: '/batch-standardize-locations', name: 'tools.standardizeLocations.name', what: 'tools.standardizeLocations.what' },
  { to: '/batch-enhance-profiles', name: 'tools.enhance.name', what: 'tools.enhance.what' },
] as const;

/** The maintenance pages, each one batch job. */
export function MaintenanceLinks() {
  const { t } = useTranslation('admin');
  return (
    <Box component="ul" className={classes.plainList} aria-label={t('tools.title')}>
      {tools.map((tool) => (
        <li key={tool.to} className={classes.card}>
          <Anchor component={Link} to={tool.to} fw={600}>
            {t(tool.name)}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t(tool.what)}
          </Text>
        </li>
      ))}
    </Box>
  );
}
