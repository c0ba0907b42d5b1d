import { createBrowserRouter, Navigate } from 'react-router-dom';

import { DeleteAccountPage } from './pages/account/DeleteAccountPage';
import { TestDeletePage } from './pages/account/TestDeletePage';
import { AdminPage } from './pages/admin/AdminPage';
import { AuthPage } from './pages/auth/AuthPage';
import { GeneralPage } from './pages/general/GeneralPage';
import { LandingPage } from './pages/LandingPage';
import { BatchEnhancePage } from './pages/maintenance/BatchEnhancePage';
import { BatchStandardizeLocationsPage } from './pages/maintenance/BatchStandardizeLocationsPage';
import { BatchStandardizePage } from './pages/maintenance/BatchStandardizePage';
import { FixFormatsPage } from './pages/maintenance/FixFormatsPage';
import { RegenerateEmbeddingsPage } from './pages/maintenance/RegenerateEmbeddingsPage';
import { MailboxPage } from './pages/mailbox/MailboxPage';
import { FirstMomentPage } from './pages/moment/FirstMomentPage';
import { MomentHistoryPage } from './pages/moment-history/MomentHistoryPage';
import { NfcPage } from './pages/nfc/NfcPage';
import { CodeSearchPage } from './pages/exchange/CodeSearchPage';
import { ProfileExchangePage } from './pages/exchange/ProfileExchangePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { OnboardingPage } from './pages/onboarding/OnboardingPage';
import { SearchPage } from './pages/search/SearchPage';
import { SettingsPage } from './pages/settings/SettingsPage';
import { PaymentSuccessPage } from './pages/payment/PaymentSuccessPage';
import { LegalPage } from './pages/legal/LegalPage';
import { HelpPage } from './pages/help/HelpPage';
import { ContactPage } from './pages/contact/ContactPage';
import { TransparencyPage } from './pages/transparency/TransparencyPage';
import { WelcomeLetterPage } from './pages/welcome/WelcomeLetterPage';
import { WelcomePage } from './pages/welcome/WelcomePage';

export const router = createBrowserRouter([
  { path: '/', element: <LandingPage /> },
  { path: '/auth', element: <AuthPage /> },
  { path: '/onboarding', element: <OnboardingPage /> },
  { path: '/search', element: <SearchPage /> },
  { path: '/moment-history', element: <MomentHistoryPage /> },
  { path: '/admin', element: <AdminPage /> },
  { path: '/regenerate-embeddings', element: <RegenerateEmbeddingsPage /> },
  { path: '/batch-enhance-profiles', element: <BatchEnhancePage /> },
  { path: '/fix-formats', element: <FixFormatsPage /> },
  { path: '/batch-standardize-locations', element: <BatchStandardizeLocationsPage /> },
  { path: '/batch-standardize', element: <BatchStandardizePage /> },
  { path: '/settings', element: <SettingsPage /> },
  { path: '/payment-success', element: <PaymentSuccessPage /> },
  { path: '/general', element: <GeneralPage /> },
  { path: '/mailbox', element: <MailboxPage /> },
  { path: '/delete-account', element: <DeleteAccountPage /> },
  { path: '/test-delete', element: <TestDeletePage /> },
  { path: '/settings/first-moment', element: <FirstMomentPage /> },
  { path: '/welcome', element: <WelcomePage /> },
  { path: '/welcome-letter', element: <WelcomeLetterPage /> },
  { path: '/nfc', element: <NfcPage /> },
  { path: '/nfc-profile-exchange', element: <ProfileExchangePage /> },
  { path: '/code-search', element: <CodeSearchPage /> },
  { path: '/terms-of-service', element: <LegalPage id="terms-of-service" /> },
  { path: '/privacy-policy', element: <LegalPage id="privacy-policy" /> },
  { path: '/help', element: <HelpPage /> },
  { path: '/contact', element: <ContactPage /> },
  { path: '/transparency', element: <TransparencyPage /> },
  { path: '/terms', element: <Navigate to="/terms-of-service" replace /> },
  { path: '/privacy', element: <Navigate to="/privacy-policy" replace /> },
  { path: '*', element: <NotFoundPage /> },
]);
