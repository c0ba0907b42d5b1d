import { Alert, Badge, Box, Button, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLogin, IconMapPin, IconMessageCircle, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';

import { ApiError } from '../../api/client';
import { HomeLink } from '../../components/HomeLink';
import { notify } from '../../features/auth/notify';
import { useSession } from '../../features/auth/useSession';
import type { SearchResult } from '../../features/search/api';
import { getTouchpoint, getTouchpointProfiles, recordVisit, TimeoutError, type TouchpointProfiles, type TouchpointView } from '../../features/touchpoints/api';
import { productName } from '../../product';
import { Stats } from '../admin/Stats';
import { ProfileDialog } from '../search/ProfileDialog';
import { CommentsDialog } from './CommentsDialog';
import shell from '../../components/MemberPage.module.css';
import classes from './Nfc.module.css';
import { PersonCard } from './PersonCard';
import { TouchpointDemo } from './TouchpointDemo';
import { readableRed } from '../../components/alertStyles';

type Load<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; notFound: boolean; message: string };

/** Spec part 3 §8: which toast (title and text keys) a failed load of the people gets; not-found and refusals stay silent. */
function profilesFailure(error: unknown): ['toast.timeoutTitle' | 'toast.connectionTitle' | 'toast.networkTitle', 'toast.timeout' | 'toast.connection' | 'toast.network'] | null {
  if (error instanceof TimeoutError) return ['toast.timeoutTitle', 'toast.timeout'];
  if (error instanceof ApiError) return error.status >= 500 ? ['toast.connectionTitle', 'toast.connection'] : null;
  return ['toast.networkTitle', 'toast.network'];
}

function Header({ fromSettings, signedIn, authPath }: { fromSettings: boolean; signedIn: boolean; authPath: (mode: 'login' | 'signup') => string }) {
  const { t } = useTranslation('touchpoints');
  return (
    <Box component="header" className={shell.header}>
      <Container size={1080} h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          {fromSettings ? (
            <Button component={Link} to="/search" variant="subtle" color="gray.8" size="compact-md" leftSection={<IconArrowLeft size={18} />}>
              {t('header.back')}
            </Button>
          ) : (
            <>
              <HomeLink />
              <Group gap="xs" wrap="nowrap" component="nav" aria-label={t('header.main')}>
                {signedIn ? (
                  <Button component={Link} to="/search" variant="subtle" color="gray.8">
                    {t('header.search')}
                  </Button>
                ) : (
                  <>
                    <Button component={Link} to={authPath('login')} variant="subtle" color="gray.8">
                      {t('header.signIn')}
                    </Button>
                    <Button component={Link} to={authPath('signup')} color="violet">
                      {t('header.join')}
                    </Button>
                  </>
                )}
              </Group>
            </>
          )}
        </Group>
      </Container>
    </Box>
  );
}

/** /nfc?location=… (spec part 3, Touchpoint landing page). */
export function NfcPage() {
  const [params] = useSearchParams();
  const locationId = params.get('location')?.trim() || 'demo';
  const { user, isLoading } = useSession();
  const { t } = useTranslation('touchpoints');
  if (isLoading) {
    return (
      <Center h="100dvh">
        <Loader color="violet" aria-label={t('page.loading')} />
      </Center>
    );
  }
  // Remounted for another place or another person (signing in shows the matches).
  return <Touchpoint key={`${locationId}:${user?.id ?? ''}`} locationId={locationId} fromSettings={params.get('from') === 'settings'} userId={user?.id ?? null} />;
}

function Touchpoint({ locationId, fromSettings, userId }: { locationId: string; fromSettings: boolean; userId: string | null }) {
  const [view, setView] = useState<Load<TouchpointView>>({ state: 'loading' });
  const [people, setPeople] = useState<Load<TouchpointProfiles>>({ state: 'loading' });
  /** From the visit just counted: this visitor's number and the count including them. */
  const [visit, setVisit] = useState<{ ordinal: number; visitorCount: number } | null>(null);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [open, setOpen] = useState<SearchResult | null>(null);
  const { t } = useTranslation('touchpoints');
  const here = `/nfc?location=${encodeURIComponent(locationId)}`;
  const authPath = (mode: 'login' | 'signup') => `/auth?mode=${mode}&redirect=${encodeURIComponent(here)}`;

  useEffect(() => {
    let live = true;
    void (async () => {
      let loaded: TouchpointView;
      try {
        loaded = await getTouchpoint(locationId);
      } catch (error) {
        if (live) setView({ state: 'failed', notFound: error instanceof ApiError && error.status === 404, message: error instanceof ApiError ? error.message : t('page.unreachable') });
        return;
      }
      if (!live) return;
      setView({ state: 'ready', data: loaded });
      document.title = `${loaded.location.name} · ${productName}`;
      // Counted once a day; a failure costs the visitor nothing (spec: ignored).
      recordVisit(locationId).then(
        (counted) => live && setVisit(counted),
        () => undefined,
      );
      if (loaded.viewer === 'admin') return;
      try {
        const found = await getTouchpointProfiles(locationId);
        if (!live) return;
        setPeople({ state: 'ready', data: found });
        const n = found.profiles.length;
        if (found.viewer === 'member') notify('success', t('toast.matchesTitle'), t('toast.matches', { count: n, place: loaded.location.name }));
        else notify('success', t('toast.profilesTitle'), t('toast.profiles', { count: n, place: loaded.location.name }));
      } catch (error) {
        if (!live) return;
        const toast = profilesFailure(error);
        if (toast) notify('error', t(toast[0]), t(toast[1]));
        setPeople({ state: 'ready', data: { viewer: userId ? 'member' : 'visitor', query: '', profiles: [] } as TouchpointProfiles });
      }
    })();
    return () => {
      live = false;
    };
    // The words are read when the answer arrives; a new language does not load the place again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locationId, userId]);

  const body = () => {
    if (view.state === 'loading') {
      return (
        <Center py="xl">
          <Loader color="violet" aria-label={t('page.loading')} />
        </Center>
      );
    }
    if (view.state === 'failed') {
      return (
        <Alert color={view.notFound ? 'gray' : 'red'} styles={readableRed} title={view.notFound ? t('page.notFoundTitle') : t('page.failedTitle')} radius="lg">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{view.notFound ? t('page.notFound') : view.message}</Text>
            <Button component={Link} to={userId ? '/search' : '/'} variant="light" color="violet">
              {userId ? t('page.goSearch') : t('page.goHome')}
            </Button>
          </Stack>
        </Alert>
      );
    }
    const { location, viewer, figures } = view.data;
    return (
      <Stack gap="lg">
        <Box className={shell.panel}>
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Title order={1} fz={{ base: 26, sm: 34 }} lh={1.15} style={{ overflowWrap: 'anywhere' }}>
                  {location.name}
                </Title>
                {location.address ? (
                  <Group gap={4} c="dimmed" wrap="nowrap">
                    <IconMapPin size={16} aria-hidden style={{ flexShrink: 0 }} />
                    <Text size="sm">{location.address}</Text>
                  </Group>
                ) : null}
              </Stack>
              <Badge size="lg" variant="light" color="violet" data-testid="visitor-ordinal">
                {t('page.visitor', { ordinal: String(visit?.ordinal ?? location.visitorCount + 1) })}
              </Badge>
            </Group>
            <Group gap="sm">
              <Button variant="default" leftSection={<IconMessageCircle size={16} />} onClick={() => setCommentsOpen(true)}>
                {t('page.comments')}
              </Button>
            </Group>
          </Stack>
        </Box>

        <Box className={shell.panel}>
          <TouchpointDemo />
        </Box>

        {viewer === 'admin' && figures ? (
          <Box className={shell.panel} component="section" aria-label={t('page.adminPanel')}>
            <Stack gap="sm">
              <Title order={2} fz={20}>
                {t('page.adminPanel')}
              </Title>
              <Stats
                items={[
                  { name: t('page.totalProfiles'), value: String(figures.profiles) },
                  { name: t('page.visitors'), value: String(Math.max(figures.visitors, visit?.visitorCount ?? 0)) },
                  { name: t('page.commentCount'), value: String(figures.comments) },
                ]}
              />
              <Button component={Link} to="/admin" variant="light" color="violet" style={{ alignSelf: 'flex-start' }}>
                {t('page.manage')}
              </Button>
            </Stack>
          </Box>
        ) : (
          <Stack gap="md" component="section" aria-label={t('page.peopleHere')}>
            <Title order={2} fz={22}>
              {viewer === 'member' ? t('page.yourMatches') : t('page.peopleMet')}
            </Title>
            {viewer === 'visitor' ? (
              <Alert color="violet" radius="lg" title={t('page.seeMatchTitle')}>
                <Stack gap="sm">
                  <Text size="sm">{t('page.seeMatch', { product: productName })}</Text>
                  <Group gap="sm">
                    <Button component={Link} to={authPath('login')} leftSection={<IconLogin size={16} />} color="violet">
                      {t('header.signIn')}
                    </Button>
                    <Button component={Link} to={authPath('signup')} leftSection={<IconUserPlus size={16} />} variant="default">
                      {t('header.join')}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            ) : null}
            {people.state === 'loading' ? (
              <Center py="lg">
                <Loader color="violet" aria-label={t('page.loadingPeople')} />
              </Center>
            ) : people.state === 'ready' && people.data.profiles.length === 0 ? (
              <Text c="dimmed">{t('page.nobody')}</Text>
            ) : people.state === 'ready' ? (
              <ul className={classes.grid} aria-label={t('page.people')}>
                {people.data.viewer === 'member'
                  ? people.data.profiles.map((p) => <PersonCard key={p.id} person={p} match={{ percentage: p.matchPercentage, why: p.whyMatch }} onOpen={() => setOpen(p)} />)
                  : people.data.profiles.map((p) => <PersonCard key={p.id} person={p} />)}
              </ul>
            ) : null}
          </Stack>
        )}
        <CommentsDialog opened={commentsOpen} onClose={() => setCommentsOpen(false)} locationId={location.locationId} locationName={location.name} />
      </Stack>
    );
  };

  return (
    <Box className={classes.root}>
      <Header fromSettings={fromSettings} signedIn={userId !== null} authPath={authPath} />
      <Container size={1080} px={{ base: 'md', sm: 'lg' }} py={{ base: 20, sm: 32 }} component="main">
        {body()}
      </Container>
      <ProfileDialog result={open} query={people.state === 'ready' && people.data.viewer === 'member' ? people.data.query : ''} onClose={() => setOpen(null)} />
    </Box>
  );
}
