import { Box, Container, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';

import type { Session } from '../../features/auth/api';
import { productName } from '../../product';
import { RequireMember } from '../moment/RequireMember';
import { AccountMenu } from './AccountMenu';
import { MomentMenu } from './MomentMenu';
import { MomentsView } from './MomentsView';
import classes from './Search.module.css';
import { SearchBackground } from './SearchBackground';
import { SearchHeader } from './SearchHeader';
import { SearchHero } from './SearchHero';
import { SearchResultsView } from './SearchResultsView';
import { useSearchPage } from './useSearchPage';

function SearchScreen({ session }: { session: Session }) {
  const { t } = useTranslation('search');
  const rootRef = useRef<HTMLDivElement>(null);
  const screen = useSearchPage(session, rootRef);
  const { mode, phase } = screen;

  return (
    <Box ref={rootRef} className={classes.root} data-mode={mode} onClick={screen.onBackgroundClick}>
      <SearchBackground />
      <SearchHeader
        streakDays={screen.streakDays}
        vip={screen.vip}
        isAdmin={session.isAdmin}
        mode={mode}
        phase={phase}
        onToggleMode={() => {
          screen.setMode(mode === 'search' ? 'moment' : 'search');
        }}
        menu={<AccountMenu unreadCount={screen.unreadCount} signingOut={screen.signingOut} onSignOut={() => void screen.signOut()} />}
      />

      {mode === 'moment' && phase === 'idle' ? (
        <Container size="xl" px={{ base: 12, sm: 'lg' }} pb="xl" component="main">
          <MomentsView viewerId={session.user?.id ?? ''} selected={screen.moment} onSelect={screen.setMoment} actions={<MomentMenu />} />
          <Text ta="center" size="xs" c="dimmed" mt="lg">
            {t('hero.searchAgainHint')}
          </Text>
        </Container>
      ) : phase === 'results' ? (
        <SearchResultsView
          results={screen.results}
          searchedFor={screen.searchedFor}
          rules={screen.rules}
          refining={screen.refining}
          scope={screen.scope}
          campusVerification={session.features?.campusSignIn != null}
          onScopeChange={(change) => void screen.changeScope(change)}
          selected={screen.selected}
          onSelect={screen.setSelected}
          onDropRule={(kind) => void screen.dropRule(kind)}
          onNewSearch={screen.resetResults}
        />
      ) : (
        <SearchHero query={screen.query} onQueryChange={screen.setQuery} searching={phase === 'searching'} onSubmit={() => void screen.submit()} onCancel={screen.cancel} />
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
