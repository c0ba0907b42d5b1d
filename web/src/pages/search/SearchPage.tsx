import { ActionIcon, Badge, Box, Button, Center, Container, Group, Indicator, Loader, Menu, Stack, Text, Textarea, Title, Tooltip } from '@mantine/core';
import {
  IconArrowLeft,
  IconCrown,
  IconLayoutGrid,
  IconLogout,
  IconMail,
  IconMapPin,
  IconMenu2,
  IconNfc,
  IconSearch,
  IconSettings,
  IconShieldLock,
  IconUser,
  IconX,
} from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';

import { brandGradient } from '../../components/landing/brand';
import type { Session } from '../../features/auth/api';
import { errorMessage, notify } from '../../features/auth/notify';
import { useSubscription } from '../../features/payments/api';
import { ApiError } from '../../api/client';
import { useSignOut } from '../../features/auth/useSignOut';
import { useUnreadCount } from '../../features/mailbox/api';
import { search } from '../../features/search/api';
import type { RuleKind, SearchResult, SearchRule } from '../../features/search/api';
import type { RecommendedMoment } from '../../features/search/moments';
import { checkIn, useStreak } from '../../features/streak/api';
import { useFormat } from '../../i18n/useFormat';
import { productName } from '../../product';
import { RequireMember } from '../moment/RequireMember';
import { RankedResults } from './RankedResults';
import { RuleChips } from './RuleChips';
import { MomentMenu } from './MomentMenu';
import { MomentsView } from './MomentsView';
import { ProfileDialog } from './ProfileDialog';
import { ResultCard } from './ResultCard';
import classes from './Search.module.css';
import { SearchBackground } from './SearchBackground';
import { StreakCounter } from './StreakCounter';
import { SuggestionBubble } from './SuggestionBubble';
import { WeeklyIntroductionsRow } from './WeeklyIntroductionsRow';

type Mode = 'search' | 'moment';
type Phase = 'idle' | 'searching' | 'results';

/** Results appear this long after they arrive (spec). */
const RESULTS_DELAY_MS = 100;
/** How far (px) a touch must pull up at the bottom of the results to go back to the search box. */
const PULL_UP_PX = 80;

// Clicks on these are the control's own, never a background tap.
const FOREGROUND = 'button, a, input, textarea, select, label, [role="menu"], [role="menuitem"], [role="dialog"], [data-foreground]';

function SearchScreen({ session }: { session: Session }) {
  const { t } = useTranslation('search');
  const format = useFormat();
  const navigate = useNavigate();
  const rootRef = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<Mode>('search');
  const [phase, setPhase] = useState<Phase>('idle');
  const [query, setQuery] = useState('');
  const [searchedFor, setSearchedFor] = useState('');
  const [results, setResults] = useState<SearchResult[]>([]);
  /** The rules the search read from the query, and the ones the member removed since. */
  const [rules, setRules] = useState<SearchRule[]>([]);
  const [ignored, setIgnored] = useState<RuleKind[]>([]);
  const [refining, setRefining] = useState(false);
  const [selected, setSelected] = useState<SearchResult | null>(null);
  const [moment, setMoment] = useState<RecommendedMoment | null>(null);
  const searchRun = useRef<{ abort: AbortController; timer?: ReturnType<typeof setTimeout> } | null>(null);
  const checkedIn = useRef(false);
  const leaving = useRef(false);
  const { streak, mutate: mutateStreak } = useStreak();
  const { signingOut, signOut } = useSignOut(() => {
    leaving.current = true;
  });
  const { subscription } = useSubscription(true, session.subscription);
  const vip = subscription?.subscribed === true;
  const { unreadCount } = useUnreadCount();

  useEffect(
    () => () => {
      searchRun.current?.abort.abort();
      clearTimeout(searchRun.current?.timer);
    },
    [],
  );

  /** The daily-allowance refusal in the member's own clock and language (the server words it in UTC). */
  const allowanceMessage = (failure: ApiError): string => {
    const details = failure.details as { allowance?: number; resetsAt?: string } | undefined;
    if (!details?.resetsAt || !details.allowance) return failure.message;
    const time = format.date(details.resetsAt, { hour: 'numeric', minute: '2-digit' });
    return t('toasts.allowanceText', { allowance: format.number(details.allowance), time });
  };

  const submit = async () => {
    const text = query.trim();
    if (!text || phase === 'searching') return;
    const run: { abort: AbortController; timer?: ReturnType<typeof setTimeout> } = { abort: new AbortController() };
    searchRun.current = run;
    setPhase('searching');
    try {
      const { results: found, rules: understood } = await search(text, run.abort.signal);
      if (searchRun.current !== run) return;
      if (found.length === 0) {
        searchRun.current = null;
        setPhase('idle');
        notify('info', t('toasts.noMatchesTitle'), t('toasts.noMatchesText'));
        return;
      }
      run.timer = setTimeout(() => {
        if (searchRun.current !== run) return;
        searchRun.current = null;
        setResults(found);
        setRules(understood);
        setIgnored([]);
        setSearchedFor(text);
        setPhase('results');
        window.scrollTo({ top: 0 });
      }, RESULTS_DELAY_MS);
    } catch (failure) {
      if (searchRun.current !== run) return;
      searchRun.current = null;
      setPhase('idle');
      if (failure instanceof ApiError && failure.code === 'search_allowance_used') notify('info', t('toasts.allowanceTitle'), allowanceMessage(failure));
      else notify('error', t('toasts.failedTitle'), errorMessage(failure));
    }
  };

  /** A rule chip removed: the same search again without that rule, in place. */
  const dropRule = async (kind: RuleKind) => {
    const ignore = [...ignored, kind];
    setRefining(true);
    try {
      const { results: found, rules: understood } = await search(searchedFor, undefined, ignore);
      if (found.length === 0) {
        notify('info', t('toasts.noMatchesTitle'), t('toasts.noMatchesText'));
        return;
      }
      setResults(found);
      setRules(understood);
      setIgnored(ignore);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'search_allowance_used') notify('info', t('toasts.allowanceTitle'), allowanceMessage(failure));
      else notify('error', t('toasts.failedTitle'), errorMessage(failure));
    } finally {
      setRefining(false);
    }
  };

  const cancel = () => {
    const run = searchRun.current;
    if (!run) return;
    searchRun.current = null;
    run.abort.abort();
    clearTimeout(run.timer);
    setPhase('idle');
    notify('info', t('toasts.cancelledTitle'), t('toasts.cancelledText'));
  };

  /** Back from the results to the search box; the first time, the daily check-in. */
  const resetResults = useCallback(() => {
    setPhase('idle');
    setResults([]);
    setSelected(null);
    window.scrollTo({ top: 0 });
    if (checkedIn.current) return;
    checkedIn.current = true;
    checkIn()
      .then((answer) => {
        if (!answer.success) return;
        void mutateStreak(
          { streakDays: answer.streakDays, streakBoxes: answer.streakBoxes, lastCheckInDate: answer.lastCheckInDate, checkedInToday: true },
          { revalidate: false },
        );
        notify('success', t('toasts.checkedInTitle'), t('toasts.checkedInText', { days: answer.streakDays }));
      })
      .catch(() => {
        // The streak is a nicety: a failed check-in is tried again on the next visit.
        checkedIn.current = false;
      });
  }, [mutateStreak, t]);

  const onBackgroundClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    // Clicks inside portals (menus, dialogs) bubble here through React but are not on the page.
    if (!rootRef.current?.contains(target) || target.closest(FOREGROUND)) return;
    if (selected || moment) {
      setSelected(null);
      setMoment(null);
    } else if (phase === 'results') {
      resetResults();
    } else if (phase === 'idle') {
      setMode((current) => (current === 'search' ? 'moment' : 'search'));
    }
  };

  // On touch: pulling up at the bottom of the results returns to the search box.
  useEffect(() => {
    if (phase !== 'results') return;
    let startY: number | null = null;
    const atBottom = () => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4;
    const onStart = (event: TouchEvent) => {
      startY = atBottom() ? (event.touches[0]?.clientY ?? null) : null;
    };
    const onEnd = (event: TouchEvent) => {
      const endY = event.changedTouches[0]?.clientY;
      if (startY !== null && endY !== undefined && startY - endY > PULL_UP_PX && atBottom()) resetResults();
      startY = null;
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchend', onEnd, { passive: true });
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchend', onEnd);
    };
  }, [phase, resetResults]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const searching = phase === 'searching';
  const blank = query.trim() === '';

  return (
    <Box ref={rootRef} className={classes.root} data-mode={mode} onClick={onBackgroundClick}>
      <SearchBackground />
      <Group component="header" className={classes.header} justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={8} wrap="nowrap">
          <StreakCounter days={streak?.streakDays} />
          {vip ? (
            <Tooltip label={t('header.vip')}>
              <span role="img" aria-label={t('header.vip')} style={{ display: 'inline-flex' }}>
                <IconCrown size={24} color="var(--mantine-color-yellow-6)" fill="var(--mantine-color-yellow-3)" aria-hidden />
              </span>
            </Tooltip>
          ) : null}
        </Group>
        <Group gap={6} wrap="nowrap">
          {session.isAdmin && phase !== 'results' ? (
            <>
              <Button size="compact-sm" variant="white" color="dark" leftSection={<IconShieldLock size={14} />} onClick={() => void navigate('/admin')}>
                {t('header.admin')}
              </Button>
              <Button size="compact-sm" variant="white" color="dark" leftSection={<IconMapPin size={14} />} onClick={() => void navigate('/nfc?location=demo')}>
                {t('header.location')}
              </Button>
            </>
          ) : null}
          {phase === 'idle' ? (
            <Tooltip label={mode === 'search' ? t('header.browseMoments') : t('header.backToSearch')}>
              <ActionIcon
                variant="white"
                color="dark"
                size="lg"
                radius="xl"
                aria-label={mode === 'search' ? t('header.browseMoments') : t('header.backToSearch')}
                onClick={() => {
                  setMode(mode === 'search' ? 'moment' : 'search');
                }}
              >
                {mode === 'search' ? <IconLayoutGrid size={18} /> : <IconSearch size={18} />}
              </ActionIcon>
            </Tooltip>
          ) : null}
          <Menu position="bottom-end" width={200} shadow="md" radius="md">
            {/* The target is the button itself: the menu's aria-expanded is not allowed on the indicator's div. */}
            <Indicator disabled={unreadCount === 0} color="red" size={10} offset={4} withBorder>
              <Menu.Target>
                <ActionIcon variant="white" color="dark" size="lg" radius="xl" aria-label={unreadCount > 0 ? t('header.openMenuUnread', { count: unreadCount }) : t('header.openMenu')}>
                  <IconMenu2 size={18} />
                </ActionIcon>
              </Menu.Target>
            </Indicator>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconUser size={16} />} onClick={() => void navigate('/settings')}>
                {t('header.account')}
              </Menu.Item>
              <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => void navigate('/settings?section=general')}>
                {t('header.general')}
              </Menu.Item>
              <Menu.Item leftSection={<IconNfc size={16} />} onClick={() => void navigate('/tap')}>
                {t('header.tap')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconMail size={16} />}
                rightSection={
                  unreadCount > 0 ? (
                    <Badge size="sm" color="red.8" variant="filled" data-testid="menu-unread">
                      {unreadCount}
                    </Badge>
                  ) : null
                }
                onClick={() => void navigate('/mailbox')}
              >
                {t('header.mailbox')}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconLogout size={16} />} disabled={signingOut} onClick={() => void signOut()}>
                {t('header.signOut')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      {mode === 'moment' && phase === 'idle' ? (
        <Container size="xl" px={{ base: 12, sm: 'lg' }} pb="xl" component="main">
          <MomentsView viewerId={session.user?.id ?? ''} selected={moment} onSelect={setMoment} actions={<MomentMenu />} />
          <Text ta="center" size="xs" c="dimmed" mt="lg">
            {t('hero.searchAgainHint')}
          </Text>
        </Container>
      ) : phase === 'results' ? (
        <Container size="xl" px={{ base: 12, sm: 'lg' }} pb="xl" component="main">
          <Stack gap="md">
            <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Title order={1} fz={{ base: 22, sm: 28 }} lh={1.2}>
                  {t('results.count', { count: results.length })}
                </Title>
                <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {t('results.searchedFor', { query: searchedFor })}
                </Text>
              </Stack>
              <Button variant="white" color="dark" leftSection={<IconArrowLeft size={16} />} onClick={resetResults} style={{ flexShrink: 0 }}>
                {t('results.newSearch')}
              </Button>
            </Group>
            <RuleChips rules={rules} busy={refining} onRemove={(kind) => void dropRule(kind)} />
            <RankedResults
              results={results}
              render={(result, index, height) => (
                <ResultCard
                  key={result.id}
                  result={result}
                  index={index}
                  height={height}
                  onOpen={() => {
                    setSelected(result);
                  }}
                />
              )}
            />
            <Text className={classes.pullHint} size="xs" c="dimmed">
              {t('results.pullHint')}
            </Text>
          </Stack>
          <ProfileDialog
            result={selected}
            query={searchedFor}
            onClose={() => {
              setSelected(null);
            }}
          />
        </Container>
      ) : (
        <Container size={640} px={{ base: 'md', sm: 'lg' }} component="main" className={classes.hero}>
          <Stack gap="lg">
            <Stack gap={6} ta="center">
              <Title order={1} fz={{ base: 30, sm: 42 }} lh={1.1} className={classes.title}>
                {t('hero.title')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('hero.lead', { product: productName })}
              </Text>
            </Stack>
            <SuggestionBubble onPick={setQuery} />
            <Box
              component="form"
              className={classes.searchBox}
              data-foreground
              onSubmit={(event) => {
                event.preventDefault();
                if (searching) cancel();
                else void submit();
              }}
            >
              <Textarea
                value={query}
                onChange={(event) => {
                  setQuery(event.currentTarget.value);
                }}
                onKeyDown={onKeyDown}
                placeholder={t('hero.placeholder', { product: productName })}
                aria-label={t('hero.inputLabel')}
                autosize
                minRows={2}
                maxRows={6}
                maxLength={500}
                readOnly={searching}
                variant="unstyled"
                classNames={{ input: classes.searchInput }}
              />
              <Group justify="space-between" mt={6} gap="sm" wrap="nowrap">
                <Text size="xs" c="dimmed" visibleFrom="sm">
                  {t('hero.keys')}
                </Text>
                {searching ? (
                  <Button type="submit" variant="default" radius="xl" leftSection={<IconX size={16} />} ml="auto">
                    {t('hero.cancel')}
                  </Button>
                ) : (
                  <Button type="submit" variant="gradient" gradient={brandGradient} radius="xl" leftSection={<IconSearch size={16} />} disabled={blank} ml="auto">
                    {t('hero.find')}
                  </Button>
                )}
              </Group>
            </Box>
            {searching ? (
              <Center>
                <Group gap="sm" role="status">
                  <Loader color="violet" type="dots" size="sm" />
                  <Text size="sm" c="dimmed">
                    {t('hero.finding')}
                  </Text>
                </Group>
              </Center>
            ) : (
              <Text ta="center" size="xs" c="dimmed">
                {t('hero.browseHint')}
              </Text>
            )}
            <WeeklyIntroductionsRow />
          </Stack>
        </Container>
      )}
    </Box>
  );
}

/** /search (spec: the search screen). Signed-out visitors go to /auth, incomplete profiles to /onboarding. */
export function SearchPage() {
  const { t } = useTranslation('search');
  useEffect(() => {
    document.title = t('documentTitle', { product: productName });
  }, [t]);
  return (
    <RequireMember>
      {(_user, session) => (session.profileComplete ? <SearchScreen session={session} /> : <Navigate to="/onboarding?redirect=%2Fsearch" replace />)}
    </RequireMember>
  );
}
