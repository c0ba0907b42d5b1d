import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

import { notify } from '../auth/notify';

/**
 * The maintenance pages' toasts (批量标准化完成, 处理失败, … in Chinese; the admin catalogue holds
 * every language's). Shown in the page's language, so the document's lang applies.
 */
export function notifyRun(tone: 'success' | 'error', title: string, message: string): void {
  notifications.clean();
  notifications.show({
    title,
    message,
    ...(tone === 'success' ? { color: 'teal', icon: <IconCheck size={18} /> } : { color: 'red', icon: <IconX size={18} /> }),
  });
}

/** The spec's toast when a list fails to load: once per failure, not once per swr retry. */
export function useLoadFailureToast(error: unknown, title: string, message: string): void {
  const failed = useRef(false);
  useEffect(() => {
    if (error && !failed.current) notify('error', title, message);
    failed.current = Boolean(error);
  }, [error, title, message]);
}
