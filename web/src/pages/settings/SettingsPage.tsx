import { Button, Center, Grid, Loader } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCrown, IconSettings, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';

import { MemberPageShell, MemberPanel, RequireCompleteMember } from '../../components/MemberPage';
import type { Session, SessionUser } from '../../features/auth/api';
import { useSubscription } from '../../features/payments/api';
import { useProfile } from '../../features/profile/api';
import { InformationPanel } from './InformationPanel';
import { PremiumPanel } from './PremiumPanel';

function Settings({ user, session }: { user: SessionUser; session: Session }) {
  const { t } = useTranslation('settings');
  const { profile, mutate } = useProfile();
  const small = useMediaQuery('(max-width: 767.98px)') ?? false;
  const [panel, setPanel] = useState<'info' | 'premium'>('info');
  const { subscription } = useSubscription(true, session.subscription);

  const toggle = small ? (
    <Button variant="light" size="compact-md" leftSection={panel === 'info' ? <IconCrown size={16} /> : <IconUser size={16} />} onClick={() => setPanel(panel === 'info' ? 'premium' : 'info')}>
      {panel === 'info' ? t('page.premium') : t('page.info')}
    </Button>
  ) : (
    <Button component={Link} to="/general" variant="subtle" color="gray.8" size="compact-md" leftSection={<IconSettings size={16} />}>
      {t('page.general')}
    </Button>
  );

  if (!profile) {
    return (
      <MemberPageShell title={t('page.title')} headerRight={toggle}>
        <Center py="xl">
          <Loader color="violet" aria-label={t('page.loading')} />
        </Center>
      </MemberPageShell>
    );
  }
  const info = (
    <MemberPanel label={t('page.informationPanel')}>
      <InformationPanel profile={profile} email={user.email} onChanged={() => void mutate()} />
    </MemberPanel>
  );
  const premium = (
    <MemberPanel label={t('page.premiumPanel')}>
      <PremiumPanel subscription={subscription} />
    </MemberPanel>
  );
  return (
    <MemberPageShell title={t('page.title')} subtitle={t('page.subtitle')} headerRight={toggle} width={1080}>
      {small ? (
        panel === 'info' ? info : premium
      ) : (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 7 }}>{info}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>{premium}</Grid.Col>
        </Grid>
      )}
    </MemberPageShell>
  );
}

/** /settings (spec part 2, Settings / account screen); /settings?section=general is the General screen. */
export function SettingsPage() {
  const [params] = useSearchParams();
  if (params.get('section') === 'general') return <Navigate to="/general" replace />;
  return <RequireCompleteMember>{(user, session) => <Settings user={user} session={session} />}</RequireCompleteMember>;
}
