import { Anchor, Box, Container, Divider, Grid, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { LanguageSwitcher } from '../../i18n/LanguageSwitcher';
import { productName } from '../../product';

import classes from './Landing.module.css';
import { Logo } from './Logo';

const columns = [
  {
    title: 'footer.product',
    links: [
      { to: '/#features', label: 'footer.howItWorks' },
      { to: '/#enjoy', label: 'footer.features' },
    ],
  },
  {
    title: 'footer.support',
    links: [
      { to: '/help', label: 'footer.help' },
      { to: '/contact', label: 'footer.contact' },
    ],
  },
  {
    title: 'footer.legal',
    links: [
      { to: '/privacy-policy', label: 'footer.privacy' },
      { to: '/terms-of-service', label: 'footer.terms' },
      { to: '/transparency', label: 'footer.transparency' },
    ],
  },
] as const;

export function LandingFooter() {
  const { t } = useTranslation();
  return (
    <Box component="footer" className={classes.footer} py={{ base: 48, md: 64 }}>
      <Container size="lg">
        <Grid gap={{ base: 'lg', sm: 'xl' }}>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <Stack gap="sm">
              <Logo inverted />
              <Text size="sm" c="gray.5" maw={260}>
                {t('footer.tagline')}
              </Text>
            </Stack>
          </Grid.Col>
          {columns.map((column) => (
            <Grid.Col key={column.title} span={{ base: 4, sm: 3 }}>
              <Stack gap="xs" component="nav" aria-label={t(column.title)}>
                <Text size="sm" fw={700} c="white" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
                  {t(column.title)}
                </Text>
                {column.links.map((link) => (
                  <Anchor key={link.to} component={Link} to={link.to} size="sm" className={classes.footerLink}>
                    {t(link.label)}
                  </Anchor>
                ))}
              </Stack>
            </Grid.Col>
          ))}
        </Grid>
        <Divider my="xl" color="dark.5" />
        <Group justify="space-between" gap="md" align="flex-end">
          <LanguageSwitcher inverted />
          <Text size="sm" c="gray.5">
            {t('footer.copyright', { product: productName })}
          </Text>
          <Text size="sm" c="gray.5">
            {t('footer.hosted')}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
