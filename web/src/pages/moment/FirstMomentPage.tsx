import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { HomeLink } from '../../components/HomeLink';
import { useSession } from '../../features/auth/useSession';
import { hasMoment } from '../../features/moment/api';
import { useProfile } from '../../features/profile/api';
import { productName } from '../../product';
import { FirstMomentEditor } from './FirstMomentEditor';
import classes from './Moment.module.css';
import { RequireMember } from './RequireMember';

/** /settings/first-moment: a signed-in member replaces their first moment. */
export function FirstMomentPage() {
  const { t } = useTranslation('moments');
  const { user } = useSession();
  const { profile } = useProfile(Boolean(user));
  // Two panels side by side need room; one panel reads best narrower.
  const width = profile && hasMoment(profile) ? 1080 : 720;

  useEffect(() => {
    document.title = t('firstMomentPage.documentTitle', { product: productName });
  }, [t]);

  return (
    <RequireMember>
      {(user) => (
        <Box className={classes.root}>
          <Box component="header" className={classes.header}>
            <Container size={width} h={64}>
              <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
                <Button component={Link} to="/settings" variant="subtle" color="gray" size="compact-md" leftSection={<IconArrowLeft size={18} />} aria-label={t('firstMomentPage.back')}>
                  {t('firstMomentPage.settings')}
                </Button>
                <HomeLink />
              </Group>
            </Container>
          </Box>
          <Container size={width} px={{ base: 'md', sm: 'lg' }} py={{ base: 24, sm: 48 }} component="main">
            <Stack gap="lg">
              <Stack gap={4}>
                <Title order={1} fz={{ base: 26, sm: 34 }} lh={1.15}>
                  {t('firstMomentPage.title')}
                </Title>
                <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('firstMomentPage.intro', { email: user.email })}
                </Text>
              </Stack>
              <FirstMomentEditor mode="update" />
            </Stack>
          </Container>
        </Box>
      )}
    </RequireMember>
  );
}
