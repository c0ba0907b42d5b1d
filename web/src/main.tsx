import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { mutate, SWRConfig } from 'swr';

import { ApiError, fetcher } from './api/client';
import { signedOutSession } from './features/auth/api';
import { notify } from './features/auth/notify';
import { sessionKey } from './features/auth/useSession';
import { SubscriptionWatch } from './features/payments/api';
import { startI18n } from './i18n/i18n';
import { FollowMemberLanguage } from './i18n/LanguageSwitcher';
import { router } from './routes';
import { theme } from './theme';

/**
 * Spec part 3 §4: a session whose account was deleted (on another device, say) is signed out with
 * the spec's message; the server has already ended it.
 */
function onError(error: unknown): void {
  if (!(error instanceof ApiError) || error.code !== 'account_deleted') return;
  notify('error', 'Signed out', error.message);
  void mutate(sessionKey, signedOutSession, { revalidate: false });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The reader's language is loaded before the first paint: no screen flashes in another language.
await startI18n();

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* Spec part 1 §9: retry 3 times with exponential backoff capped at 30 s. */}
      <SWRConfig value={{ fetcher, onError, errorRetryCount: 3, errorRetryInterval: 1000 }}>
        <Notifications position="top-center" limit={1} />
        <SubscriptionWatch />
        <FollowMemberLanguage />
        <RouterProvider router={router} />
      </SWRConfig>
    </MantineProvider>
  </StrictMode>,
);
