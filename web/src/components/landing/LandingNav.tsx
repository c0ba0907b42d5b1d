import { Anchor, Box, Burger, Button, Container, Group, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { HomeLink } from '../HomeLink';
import { brandGradient } from './brand';
import classes from './Landing.module.css';

const navLinks = [
  { to: '/#features', label: 'nav.howItWorks' },
  { to: '/#enjoy', label: 'nav.features' },
] as const;

export function LandingNav() {
  const { t } = useTranslation('landing');
  const [menuOpened, menu] = useDisclosure(false);

  return (
    <Box component="header" className={classes.nav}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <HomeLink />

          <Group gap="xl" visibleFrom="sm" component="nav" aria-label={t('nav.label')}>
            {navLinks.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} c="dark.6" fw={500} underline="never" className={classes.navLink}>
                {t(link.label)}
              </Anchor>
            ))}
          </Group>

          <Group gap="xs" wrap="nowrap">
            <Button component={Link} to="/auth?mode=login" variant="gradient" gradient={brandGradient} radius="xl">
              {t('nav.signIn')}
            </Button>
            <Box hiddenFrom="sm">
              <Menu opened={menuOpened} onChange={menu.toggle} position="bottom-end" width={200} shadow="md">
                <Menu.Target>
                  <Burger opened={menuOpened} size="sm" aria-label={menuOpened ? t('nav.closeMenu') : t('nav.openMenu')} />
                </Menu.Target>
                <Menu.Dropdown>
                  {navLinks.map((link) => (
                    <Menu.Item key={link.to} component={Link} to={link.to}>
                      {t(link.label)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            </Box>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
