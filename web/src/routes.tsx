import { createBrowserRouter, Navigate } from 'react-router-dom';

import { AuthPage } from './pages/auth/AuthPage';
import { LandingPage } from './pages/LandingPage';
import { FirstMomentPage } from './pages/moment/FirstMomentPage';
import { MomentHistoryPage } from './pages/moment-history/MomentHistoryPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { OnboardingPage } from './pages/onboarding/OnboardingPage';
import { SearchPage } from './pages/search/SearchPage';
import { SignedInPage } from './pages/SignedInPage';
import { WelcomeLetterPage } from './pages/welcome/WelcomeLetterPage';
import { WelcomePage } from './pages/welcome/WelcomePage';

export const router = createBrowserRouter([
  { path: '/', element: <LandingPage /> },
  { path: '/auth', element: <AuthPage /> },
  // Signed-in pages still to be built: each shows who is signed in and what is coming.
  { path: '/onboarding', element: <OnboardingPage /> },
  { path: '/search', element: <SearchPage /> },
  { path: '/moment-history', element: <MomentHistoryPage /> },
  { path: '/admin', element: <SignedInPage title="Admin" /> },
  { path: '/settings', element: <SignedInPage title="Settings" /> },
  { path: '/settings/first-moment', element: <FirstMomentPage /> },
  { path: '/welcome', element: <WelcomePage /> },
  { path: '/welcome-letter', element: <WelcomeLetterPage /> },
  { path: '/terms', element: <Navigate to="/terms-of-service" replace /> },
  { path: '/privacy', element: <Navigate to="/privacy-policy" replace /> },
  { path: '*', element: <NotFoundPage /> },
]);
