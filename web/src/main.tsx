import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';

import { fetcher } from './api/client';
import { router } from './routes';
import { theme } from './theme';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* Spec part 1 §9: retry 3 times with exponential backoff capped at 30 s. */}
      <SWRConfig value={{ fetcher, errorRetryCount: 3, errorRetryInterval: 1000 }}>
        <Notifications position="top-center" limit={1} />
        <RouterProvider router={router} />
      </SWRConfig>
    </MantineProvider>
  </StrictMode>,
);
