import { notifications } from '@mantine/notifications';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';

import { ApiError } from '../../api/client';
import { i18next } from '../../i18n/i18n';

type Tone = 'success' | 'error' | 'info';

const tones = {
  success: { color: 'teal', icon: <IconCheck size={18} /> },
  error: { color: 'red', icon: <IconX size={18} /> },
  info: { color: 'violet', icon: <IconInfoCircle size={18} /> },
} as const;

/** Shows one toast, replacing whatever is on screen so feedback never waits in a queue. */
export function notify(tone: Tone, title: string, message: string): void {
  notifications.clean();
  notifications.show({ title, message, ...tones[tone] });
}

/** The server's sentence for an API error; a generic one when the request never got an answer. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return i18next.t('auth:toast.unreachable');
}

export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}

export function errorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}
