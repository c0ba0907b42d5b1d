import { Anchor, Box, Container, Divider, Grid, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

import { productName } from '../../product';

import classes from './Landing.module.css';
import { Logo } from './Logo';

const columns = [
  {
    title: 'Product',
    links: [
      { to: '/#features', label: 'How It Works' },
      { to: '/#enjoy', label: 'Features' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/help', label: 'Help' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms-of-service', label: 'Terms of Service' },
    ],
  },
] as const;

export function LandingFooter() {
  return (
    <Box component="footer" className={classes.footer} py={{ base: 48, md: 64 }}>
      <Container size="lg">
        <Grid gap={{ base: 'lg', sm: 'xl' }}>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <Stack gap="sm">
              <Logo inverted />
              <Text size="sm" c="gray.5" maw={260}>
                Friends, activity partners and partners on your campus, matched by an AI that explains itself.
              </Text>
            </Stack>
          </Grid.Col>
          {columns.map((column) => (
            <Grid.Col key={column.title} span={{ base: 4, sm: 3 }}>
              <Stack gap="xs" component="nav" aria-label={column.title}>
                <Text size="sm" fw={700} c="white" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
                  {column.title}
                </Text>
                {column.links.map((link) => (
                  <Anchor key={link.to} component={Link} to={link.to} size="sm" className={classes.footerLink}>
                    {link.label}
                  </Anchor>
                ))}
              </Stack>
            </Grid.Col>
          ))}
        </Grid>
        <Divider my="xl" color="dark.5" />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="gray.5">
            © 2025 {productName}
          </Text>
          <Text size="sm" c="gray.5">
            Hosted by your campus. Your data stays here.
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
