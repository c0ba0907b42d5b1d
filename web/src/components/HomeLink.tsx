import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { productName } from '../product';
import { Logo } from './landing/Logo';

/**
 * The logo as a link home. Its accessible name starts with the product name the logo shows, so
 * speech users can say what they see (WCAG 2.5.3 Label in Name).
 */
export function HomeLink({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <Anchor component={Link} to="/" underline="never" aria-label={t('home', { product: productName })}>
      <Logo inverted={inverted} />
    </Anchor>
  );
}
