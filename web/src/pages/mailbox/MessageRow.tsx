import { Avatar, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { Box, MailboxMessage } from '../../features/mailbox/api';
import { rowTime } from '../../features/mailbox/api';
import classes from './Mailbox.module.css';

/** One row (spec): counterpart address, subject, a one-line preview, MM/dd HH:mm; unread: a dot and a bold subject. */
export function MessageRow({ message, box, onOpen }: { message: MailboxMessage; box: Box; onOpen: () => void }) {
  const { t, i18n } = useTranslation('mailbox');
  const unread = box === 'inbox' && !message.isRead;
  const who = message.counterpart;
  return (
    <li>
      {/* Named by its own text (axe: the visible text must be part of the name), with a hidden "Unread. From". */}
      <button type="button" className={classes.row} onClick={onOpen} data-testid="message-row">
        {unread ? <span className={classes.dot} aria-hidden /> : <span className={classes.dotSpace} aria-hidden />}
        <VisuallyHidden>{`${unread ? `${t('row.unread')} ` : ''}${box === 'inbox' ? t('row.from') : t('row.to')}`}</VisuallyHidden>
        <Avatar src={who.avatarUrl} alt="" radius="xl" size={40} color="violet" variant="light" aria-hidden>
          {(who.name ?? who.address).slice(0, 1).toUpperCase()}
        </Avatar>
        <span className={classes.main}>
          <Text span size="sm" c="dimmed" className={classes.line}>
            {who.address}
          </Text>
          <Text span fw={unread ? 800 : 500} className={classes.line}>
            {message.subject}
          </Text>
          <Text span size="sm" c="dimmed" className={classes.line}>
            {message.content.replace(/\s+/g, ' ')}
          </Text>
        </span>
        <Text span size="xs" c="dimmed" className={classes.time}>
          {rowTime(message.createdAt, i18n.language)}
        </Text>
      </button>
    </li>
  );
}
