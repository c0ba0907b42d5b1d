import { Box, Button, Center, Container, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconCheck, IconLogout } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import { HomeLink } from '../../components/HomeLink';
import { brandGradient } from '../../components/landing/brand';
import { Logo } from '../../components/landing/Logo';
import { errorMessage } from '../../features/auth/notify';
import { authPathFor, safeRedirect } from '../../features/auth/redirect';
import { useSession } from '../../features/auth/useSession';
import { useSignOut } from '../../features/auth/useSignOut';
import { hasCompleteProfile, useProfile } from '../../features/profile/api';
import type { BasicInfoValues, Profile } from '../../features/profile/api';
import { productName } from '../../product';
import { FirstMomentEditor } from '../moment/FirstMomentEditor';
import { BasicInfoForm } from './BasicInfoForm';
import { ChatPanel } from './ChatPanel';
import { MemberCard } from './MemberCard';
import classes from './Onboarding.module.css';
import { SlideToConfirm } from './SlideToConfirm';

type Step = 'form' | 'card' | 'chat' | 'moment';

function initialValues(profile: Profile): BasicInfoValues {
  return {
    name: profile.name ?? '',
    birthDate: profile.birth_date ?? '',
    location: profile.location ?? '',
    gender: profile.gender ?? '',
    profession: profile.profession ?? '',
    relationshipStatus: profile.relationship_status ?? '',
  };
}

function StepHeading({ step, total, title, subtitle }: { step: number; total: number; title?: string; subtitle?: string }) {
  const { t } = useTranslation('onboarding');
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" fw={700} tt="uppercase" c="violet.7" style={{ letterSpacing: '0.08em' }}>
          {t('step', { step, total })}
        </Text>
      </Group>
      <Progress value={(step / total) * 100} color="violet" size="sm" radius="xl" aria-label={t('step', { step, total })} />
      {title ? (
        <Title order={2} fz={{ base: 22, sm: 26 }} lh={1.2} mt={6}>
          {title}
        </Title>
      ) : null}
      {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
    </Stack>
  );
}

function hasBasicInfo(profile: Profile): boolean {
  return Boolean(profile.name && profile.birth_date && profile.location && profile.gender && profile.profession && profile.relationship_status);
}

/**
 * Where a member comes back in: the create flow is form → card → chat → moment, and a member who
 * left halfway resumes at the first step not yet done instead of filling the form again.
 */
function firstStep(profile: Profile): Step {
  if (!hasBasicInfo(profile)) return 'form';
  if (!profile.bio) return 'chat';
  return 'moment';
}

/** The create flow (spec part 1 §4): basic information, its card, the AI chat, the first moment, then /welcome. */
function CreateFlow({
  profile,
  email,
  speechAvailable,
  onLeave,
  onFinished,
}: {
  profile: Profile;
  email: string;
  speechAvailable: boolean;
  onLeave: () => void;
  onFinished: () => void;
}) {
  const { t } = useTranslation('onboarding');
  const [values, setValues] = useState<BasicInfoValues>(() => initialValues(profile));
  const [saved, setSaved] = useState<Profile | null>(null);
  const [step, setStep] = useState<Step>(() => firstStep(profile));
  const { signingOut, signOut } = useSignOut(onLeave);
  const phone = useMediaQuery('(max-width: 767.98px)', false, { getInitialValueInEffect: false });

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [step]);

  const confirm = useCallback(() => {
    setStep('chat');
  }, []);

  const shell = (content: ReactNode) => (
    <Box className={classes.root}>
      <Box component="header" className={classes.header}>
        <Container size="md" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <HomeLink />
            {
              <Button
                variant="subtle"
                color="gray"
                size="compact-md"
                leftSection={<IconLogout size={16} />}
                loading={signingOut}
                onClick={() => void signOut()}
              >
                {t('signOut')}
              </Button>
            }
          </Group>
        </Container>
      </Box>
      <Container size={720} px={{ base: 'md', sm: 'lg' }} py={{ base: 24, sm: 48 }} component="main">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 34 }} lh={1.15}>
              {t('title')}
            </Title>
            <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('signedInAs', { email })}
            </Text>
          </Stack>
          {content}
        </Stack>
      </Container>
    </Box>
  );

  if (step === 'card' && saved) {
    return shell(
      <Stack gap="lg" className={classes.panel} key="card">
        <StepHeading step={1} total={3} title={t('card.title')} subtitle={t('card.subtitle')} />
        <MemberCard profile={saved} />
        {phone ? (
          <Stack gap="sm">
            <SlideToConfirm onConfirm={confirm} />
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconArrowLeft size={18} />}
              onClick={() => {
                setStep('form');
              }}
            >
              {t('card.edit')}
            </Button>
          </Stack>
        ) : (
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              size="md"
              leftSection={<IconArrowLeft size={18} />}
              onClick={() => {
                setStep('form');
              }}
            >
              {t('card.edit')}
            </Button>
            <Button size="md" variant="gradient" gradient={brandGradient} leftSection={<IconCheck size={18} />} onClick={confirm}>
              {t('card.confirm')}
            </Button>
          </Group>
        )}
      </Stack>,
    );
  }

  if (step === 'chat') {
    return shell(
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }} className={classes.panel} key="chat">
        <Stack gap="lg">
          <StepHeading step={2} total={3} title={t('chat.title')} subtitle={t('chat.subtitle')} />
          <ChatPanel
            mode="onboarding"
            speechAvailable={speechAvailable}
            onComplete={() => {
              setStep('moment');
            }}
          />
        </Stack>
      </Paper>,
    );
  }

  if (step === 'moment') {
    return shell(
      <Box className={classes.panel} key="moment">
        <FirstMomentEditor
          mode="create"
          header={<StepHeading step={3} total={3} />}
          onComplete={onFinished}
        />
      </Box>,
    );
  }

  return shell(
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.panel} key="form">
      <Stack gap="xl">
        <StepHeading step={1} total={3} title={t('form.title')} subtitle={t('form.subtitle')} />
        <BasicInfoForm
          values={values}
          onChange={setValues}
          onSaved={(profile) => {
            setSaved(profile);
            setStep('card');
          }}
        />
      </Stack>
    </Paper>,
  );
}

/** /onboarding (spec part 1 §2.4, §2.5): signed-in members complete their profile here. */
export function OnboardingPage() {
  const { t } = useTranslation('onboarding');
  const { user, session, error: sessionError, isLoading: sessionLoading, mutate: retrySession } = useSession();
  const { profile, error: profileError, mutate: retryProfile } = useProfile(Boolean(user));
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  // Spec part 1 §2.4: the variant comes from navigation state (profileUpdate, updateFirstMoment).
  const mode = (location.state as { mode?: string } | null)?.mode;
  const updating = mode !== undefined;
  const redirect = safeRedirect(params.get('redirect'));
  const leaving = useRef(false);
  // Judged on the profile as it was when the page opened: finishing the flow here completes the
  // profile too, and that member goes to /welcome, not away to /search.
  const [openedComplete, setOpenedComplete] = useState<boolean | null>(null);
  if (profile && openedComplete === null) setOpenedComplete(hasCompleteProfile(profile));
  const done = !updating && openedComplete === true;

  useEffect(() => {
    document.title = t('documentTitle', { product: productName });
  }, [t]);

  useEffect(() => {
    if (leaving.current || !session || session.user) return;
    leaving.current = true;
    void navigate(authPathFor(`${location.pathname}${location.search}`), { replace: true });
  }, [session, navigate, location.pathname, location.search]);

  useEffect(() => {
    if (!done || leaving.current) return;
    leaving.current = true;
    void navigate(redirect ?? '/search', { replace: true });
  }, [done, navigate, redirect]);

  if (mode === 'updateFirstMoment') return <Navigate to="/settings/first-moment" replace />;

  const failure = (sessionError && !sessionLoading) || profileError;
  if (!user || !profile || done || openedComplete === null) {
    return (
      <Center mih="100dvh" p="md" component="main">
        {failure ? (
          <Stack align="center" gap="xs" ta="center">
            <Text fw={600}>{profileError ? t('load.profileFailed') : t('load.sessionFailed')}</Text>
            <Text c="dimmed" size="sm">
              {errorMessage(profileError ?? sessionError)}
            </Text>
            <Button variant="light" onClick={() => void (profileError ? retryProfile() : retrySession())}>
              {t('load.tryAgain')}
            </Button>
          </Stack>
        ) : (
          <Loader color="violet" type="dots" aria-label={t('load.loading')} />
        )}
      </Center>
    );
  }

  const speechAvailable = session?.features?.speech === true;
  if (mode === 'profileUpdate') return <ProfileUpdateChat speechAvailable={speechAvailable} />;

  return (
    <CreateFlow
      profile={profile}
      email={user.email}
      speechAvailable={speechAvailable}
      onLeave={() => {
        leaving.current = true;
      }}
      onFinished={() => {
        leaving.current = true;
        void navigate('/welcome', { replace: true });
      }}
    />
  );
}

/** The profile-update variant: the same chat, revising the profile, with a way back to /settings. */
function ProfileUpdateChat({ speechAvailable }: { speechAvailable: boolean }) {
  const { t } = useTranslation('onboarding');
  return (
    <Box className={classes.root}>
      <Box component="header" className={classes.header}>
        <Container size="md" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Button component={Link} to="/settings" variant="subtle" color="gray" leftSection={<IconArrowLeft size={18} />}>
              {t('update.back')}
            </Button>
            <Logo />
          </Group>
        </Container>
      </Box>
      <Container size={720} px={{ base: 'md', sm: 'lg' }} py={{ base: 24, sm: 48 }} component="main">
        <Stack gap="lg">
          <Title order={1} fz={{ base: 26, sm: 34 }} lh={1.15}>
            {t('update.title')}
          </Title>
          <ChatPanel mode="profile_update" speechAvailable={speechAvailable} />
        </Stack>
      </Container>
    </Box>
  );
}
