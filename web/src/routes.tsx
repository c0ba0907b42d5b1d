import { createBrowserRouter, Navigate } from 'react-router-dom';

import { AuthPlaceholderPage } from './pages/AuthPlaceholderPage';
import { LandingPage } from './pages/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';

export const router = createBrowserRouter([
  { path: '/', element: <LandingPage /> },
  { path: '/auth', element: <AuthPlaceholderPage /> },
  { path: '/terms', element: <Navigate to="/terms-of-service" replace /> },
  { path: '/privacy', element: <Navigate to="/privacy-policy" replace /> },
  { path: '*', element: <NotFoundPage /> },
]);
