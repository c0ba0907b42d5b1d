import { Anchor, Box, Center, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';

import { HomeLink } from '../../components/HomeLink';
import type { Session } from '../../features/auth/api';
import { notify } from '../../features/auth/notify';
import { clearPendingSignup, readPendingSignup, savePendingSignup } from '../../features/auth/pendingSignup';
import { onboardingPath } from '../../features/auth/redirect';
import { useSession } from '../../features/auth/useSession';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher';
import { i18next } from '../../i18n/i18n';
import { productName } from '../../product';

import classes from './Auth.module.css';
import type { AuthMode } from './authParams';
import { readAuthParams } from './authParams';
import { AuthDemo } from './AuthDemo';
import { campusErrorMessage } from './campusErrors';
import { CampusSignIn } from './CampusSignIn';
import { FormHeader } from './FormHeader';
import { LinkCampusForm } from './LinkCampusForm';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { NewPasswordForm } from './NewPasswordForm';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';
import { useSheetPull } from './useSheetPull';
import { VerifyCodeForm } from './VerifyCodeForm';

/** The page's title for each form (document.title): auth:pageTitle.<mode> in the catalogue. */
const pageTitles = {
  signin: 'pageTitle.signin',
  signup: 'pageTitle.signup',
  forgot: 'pageTitle.forgot',
  verify: 'pageTitle.verify',
  reset: 'pageTitle.reset',
  link: 'pageTitle.link',
} as const satisfies Record<AuthMode, `pageTitle.${AuthMode}`>;

type Toast = [tone: 'success' | 'info', title: string, message: string];


/** Same breakpoint as Mantine's `sm`: from here on, form and demo sit side by side. */
const desktopQuery = '(min-width: 48em)';

export function AuthPage() {
  const { t } = useTranslation(['auth', 'shell']);
  const location = useLocation();
  const navigate = useNavigate();
  const { session, isLoading, mutate } = useSession();

  // The URL is read once: switching forms afterwards is local state.
  const [params] = useState(() => readAuthParams(location.search, location.hash));
  // A sign-up waiting for its code reopens the code form after a reload (unless the link asks for
  // sign-in or a password reset).
  const [pending] = useState(() =>
    params.mode === 'reset' || (params.explicit && params.mode === 'signin') ? null : readPendingSignup(),
  );
  // Back from the campus's sign-in page: a reason it failed, or a password account to link.
  const [campusReturn] = useState(() => {
    const query = new URLSearchParams(location.search);
    return { error: query.get('campus_error'), link: query.get('campus') === 'link' };
  });
  const [mode, setMode] = useState<AuthMode>(campusReturn.link ? 'link' : pending ? 'verify' : params.mode);
  const [email, setEmail] = useState(pending?.email ?? '');
  const [sentAt, setSentAt] = useState(pending?.sentAt ?? 0);

  const isDesktop = useMediaQuery(desktopQuery, undefined, { getInitialValueInEffect: false });
  const [pulledDown, setPulledDown] = useState(false);
  const pulled = pulledDown && !isDesktop;
  const [sheet, setSheet] = useState<HTMLElement | null>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  useSheetPull(sheet, { pulled, onChange: setPulledDown, enabled: !isDesktop });

  // Set once we navigate away after signing in, so the "already signed in" redirect stays out of it.
  const leaving = useRef(false);

  const documentTitle = t('shell:documentTitle', { title: t(pageTitles[mode]), product: productName });
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  useEffect(() => {
    bodyRef.current?.scrollTo({ top: 0 });
  }, [mode]);

  const features = session?.features;
  const campus = features?.campusSignIn ?? null;
  const passwordSignIn = features?.passwordSignIn !== false;
  const domains = features?.signupEmailDomains;
  const campusErrorShown = useRef(false);
  useEffect(() => {
    if (!campusReturn.error || campusErrorShown.current || !session) return;
    campusErrorShown.current = true;
    notify('error', i18next.t('auth:toast.signInFailed'), campusErrorMessage(campusReturn.error, domains));
    // The reason is said once: a reload does not say it again.
    void navigate({ pathname: location.pathname, search: '' }, { replace: true });
  }, [campusReturn.error, session, domains, navigate, location.pathname]);

  const nfcToastShown = useRef(false);
  useEffect(() => {
    if (!params.fromNfc || nfcToastShown.current) return;
    nfcToastShown.current = true;
    notify('info', i18next.t('auth:toast.nfcTitle'), i18next.t('auth:toast.nfcText'));
  }, [params.fromNfc]);

  // Someone who is already signed in has nothing to do here (a reset link still works, though).
  const signedIn = Boolean(session?.user);
  useEffect(() => {
    if (!signedIn || mode === 'reset' || leaving.current) return;
    leaving.current = true;
    void navigate(params.redirect ?? '/search', { replace: true });
  }, [signedIn, mode, navigate, params.redirect]);

  const finish = useCallback(
    (next: Session, to: string, toast: Toast) => {
      leaving.current = true;
      void mutate(next, { revalidate: false });
      notify(...toast);
      void navigate(to, { replace: true });
    },
    [mutate, navigate],
  );

  const onSignedIn = (next: Session) => {
    // The spec's Chinese toast (part 1 §6: 登录成功 / 欢迎回来，管理员) is the zh-Hans catalogue's; each language has its own.
    if (next.isAdmin) finish(next, '/admin', ['success', t('toast.adminTitle'), t('toast.adminText')]);
    else if (!next.profileComplete) {
      finish(next, onboardingPath(params.redirect), ['info', t('toast.completeProfileTitle'), t('toast.completeProfileText')]);
    } else finish(next, params.redirect ?? '/search', ['success', t('toast.welcomeBackTitle'), t('toast.welcomeBackText', { email: next.user?.email ?? email })]);
  };

  const toSignIn = useCallback(() => {
    setMode('signin');
  }, []);

  const onCodeSent = (address: string) => {
    const saved = savePendingSignup(address);
    setEmail(address);
    setSentAt(saved.sentAt);
    setMode('verify');
  };

  const onVerified = (next: Session) => {
    clearPendingSignup();
    finish(next, onboardingPath(params.redirect), ['success', t('toast.registeredTitle'), t('toast.registeredText', { product: productName })]);
  };

  const backToSignUp = () => {
    clearPendingSignup();
    setMode('signup');
  };

  if (isLoading || (signedIn && mode !== 'reset')) {
    return (
      <Center mih="100dvh" aria-busy>
        <Loader color="violet" type="dots" aria-label={t('shell:loading')} />
      </Center>
    );
  }

  const campusButton = campus ? <CampusSignIn label={campus.label} redirect={params.redirect} withEmailForm={passwordSignIn} /> : undefined;
  let form;
  switch (passwordSignIn || mode === 'link' ? mode : 'campus-only') {
    case 'campus-only':
      form = (
        <Stack gap="lg">
          <FormHeader title={t('page.campusOnlyTitle', { product: productName })}>{t('page.campusOnlyText', { product: productName })}</FormHeader>
          {campusButton}
        </Stack>
      );
      break;
    case 'link':
      form = <LinkCampusForm onLinked={onSignedIn} onCancel={toSignIn} />;
      break;
    case 'signin':
      form = (
        <SignInForm
          campus={campusButton}
          email={email}
          onEmailChange={setEmail}
          onSignedIn={onSignedIn}
          onUnknownEmail={() => {
            setMode('signup');
          }}
          onForgotPassword={() => {
            setMode('forgot');
          }}
          onSignUp={() => {
            setMode('signup');
          }}
        />
      );
      break;
    case 'signup':
      form = (
        <SignUpForm
          campus={campusButton}
          email={email}
          onEmailChange={setEmail}
          onCodeSent={onCodeSent}
          onSignIn={() => {
            setMode('signin');
          }}
        />
      );
      break;
    case 'forgot':
      form = (
        <ForgotPasswordForm
          email={email}
          onEmailChange={setEmail}
          onSent={() => {
            setMode('signin');
          }}
          onBack={() => {
            setMode('signin');
          }}
        />
      );
      break;
    case 'verify':
      form = (
        <VerifyCodeForm
          email={email}
          sentAt={sentAt}
          onVerified={onVerified}
          onResent={(at) => {
            setSentAt(savePendingSignup(email, at).sentAt);
          }}
          onBack={backToSignUp}
        />
      );
      break;
    case 'reset':
      form = (
        <NewPasswordForm
          token={params.token}
          onUpdated={(next) => {
            finish(next, '/search', ['success', t('toast.passwordUpdatedTitle'), t('toast.passwordUpdatedText')]);
          }}
          onRequestNewLink={() => {
            setMode('forgot');
          }}
        />
      );
      break;
  }

  return (
    <div className={classes.root}>
      <header className={classes.mobileBar}>
        <HomeLink inverted />
        <UnstyledButton
          className={classes.barToggle}
          onClick={() => {
            setPulledDown((value) => !value);
          }}
          aria-expanded={pulled}
          aria-controls="auth-demo"
        >
          {pulled ? t('page.backToForm') : t('page.howItWorks')}
          {pulled ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
        </UnstyledButton>
      </header>

      <main ref={setSheet} className={classes.sheet} data-pulled={pulled || undefined} data-testid="auth-sheet">
        <div className={classes.handleArea}>
          <div className={classes.handle} />
          <Text size="xs" c="dimmed" fw={500}>
            {pulled ? t('page.pullUp') : t('page.pullDown')}
          </Text>
        </div>
        <div ref={bodyRef} className={classes.sheetBody} inert={pulled}>
          <div className={classes.desktopTop}>
            <Group justify="space-between" wrap="nowrap">
              <HomeLink />
              <Anchor component={Link} to="/" size="sm" c="dimmed" underline="never" className={classes.homeLink}>
                <Group gap={4} wrap="nowrap">
                  <IconArrowLeft size={16} aria-hidden />
                  {t('page.backToHome')}
                </Group>
              </Anchor>
            </Group>
          </div>
          <Box key={mode} className={classes.formWrap}>
            {form}
          </Box>
          <Stack gap="xs" align="center" className={classes.footnote}>
            {/* A visitor who lands here directly chooses their language before signing up. */}
            <LanguageSwitcher />
            <Text size="xs" c="dimmed" ta="center">
              {t('page.footnote', { product: productName })}
            </Text>
          </Stack>
        </div>
      </main>

      <div id="auth-demo" className={classes.demoPane}>
        <AuthDemo />
      </div>
    </div>
  );
}
