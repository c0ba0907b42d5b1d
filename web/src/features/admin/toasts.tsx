import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

import { notify } from '../auth/notify';

/**
 * The maintenance pages' toasts keep the spec's Chinese titles (批量标准化完成, 处理失败, …).
 * The title is marked as Chinese so screen readers pronounce it as such (WCAG 3.1.2).
 */
export function notifyChinese(tone: 'success' | 'error', title: string, message: string): void {
  notifications.clean();
  notifications.show({
    title: <span lang="zh-CN">{title}</span>,
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
