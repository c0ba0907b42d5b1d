import { Anchor, Box, Button, Container, Group, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconConfetti, IconMailOpened } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

import { brandGradient } from '../../components/landing/brand';
import { HomeLink } from '../../components/HomeLink';
import type { Session } from '../../features/auth/api';
import { productName } from '../../product';
import { RequireMember } from '../moment/RequireMember';
import { useConfetti } from '../../components/useConfetti';
import { useWelcomeLetter } from './useWelcomeLetter';
import classes from './Welcome.module.css';
import { WelcomeLetter } from './WelcomeLetter';

/** When the letter opens by itself (spec: after 2.5 s). */
export const LETTER_DELAY_MS = 2500;

function Welcome({ session }: { session: Session }) {
  const { t } = useTranslation('welcome');
  const navigate = useNavigate();
  const { profile, letter, error, retry } = useWelcomeLetter(session);
  const [letterOpen, setLetterOpen] = useState(false);
  const titleId = useId();
  useConfetti();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setLetterOpen(true);
    }, LETTER_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, []);

  const firstName = profile?.name?.trim().split(/\s+/)[0];

  return (
    <Box className={classes.root}>
      <Box component="header" className={classes.header}>
        <Container size="md" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <HomeLink />
          </Group>
        </Container>
      </Box>
      <Container size={640} px={{ base: 'md', sm: 'lg' }} component="main" className={classes.main}>
        <Stack align="center" ta="center" gap="lg" className={classes.hero}>
          <ThemeIcon size={88} radius={28} variant="gradient" gradient={brandGradient} className={classes.heroIcon} aria-hidden>
            <IconConfetti size={48} stroke={1.6} />
          </ThemeIcon>
          <Stack gap="xs" align="center">
            <Text size="sm" fw={700} tt="uppercase" c="violet.7" className={classes.kicker}>
              {t('page.kicker')}
            </Text>
            <Title order={1} className={classes.greeting}>
              {firstName ? t('page.greetingNamed', { product: productName, name: firstName }) : t('page.greeting', { product: productName })}
            </Title>
            <Text size="lg" c="dimmed" maw={480}>
              {t('page.lead')}
            </Text>
          </Stack>
          <Stack gap="sm" align="center" w="100%">
            <Button
              size="lg"
              radius="xl"
              variant="gradient"
              gradient={brandGradient}
              rightSection={<IconArrowRight size={20} />}
              className={classes.cta}
              onClick={() => void navigate('/search')}
            >
              {t('page.start')}
            </Button>
            <Button
              variant="subtle"
              color="violet"
              leftSection={<IconMailOpened size={18} />}
              onClick={() => {
                setLetterOpen(true);
              }}
            >
              {t('page.readLetter')}
            </Button>
          </Stack>
        </Stack>
      </Container>
      <Modal
        opened={letterOpen}
        onClose={() => {
          setLetterOpen(false);
        }}
        size="lg"
        radius="lg"
        centered
        padding={0}
        withCloseButton={false}
        aria-labelledby={titleId}
        overlayProps={{ backgroundOpacity: 0.45, blur: 3 }}
        classNames={{ content: classes.dialog }}
      >
        <Box px={{ base: 'lg', sm: 'xl' }} pt={{ base: 'lg', sm: 'xl' }}>
          <WelcomeLetter letter={letter} error={error} onRetry={retry} titleId={titleId} focusFirst />
          <Group justify="space-between" gap="sm" mt="lg" className={classes.dialogActions}>
            <Anchor component={Link} to="/welcome-letter" size="sm" fw={500}>
              {t('page.keepCopy')}
            </Anchor>
            <Button
              variant="light"
              color="violet"
              radius="xl"
              onClick={() => {
                setLetterOpen(false);
              }}
            >
              {t('page.close')}
            </Button>
          </Group>
        </Box>
      </Modal>
    </Box>
  );
}

/** /welcome: the moment a member finishes onboarding — confetti, a greeting and the welcome letter. */
export function WelcomePage() {
  const { t } = useTranslation('welcome');
  useEffect(() => {
    document.title = t('page.documentTitle', { product: productName });
  }, [t]);
  return <RequireMember>{(_user, session) => <Welcome session={session} />}</RequireMember>;
}
