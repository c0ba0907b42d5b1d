import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { Box, MailboxMessage } from '../../features/mailbox/api';
import { detailTime } from '../../features/mailbox/api';
import { SafetyMenu } from '../../features/moderation/SafetyMenu';
import classes from './Mailbox.module.css';

interface Props {
  message: MailboxMessage | null;
  box: Box;
  /** Whether it was unread when opened (it is marked read as it opens). */
  wasUnread: boolean;
  onReply: (message: MailboxMessage) => void;
  onClose: () => void;
}

/** The detail dialog (spec): subject, From/To, yyyy-MM-dd HH:mm, an Unread badge, the full content as plain text. */
export function MessageDialog({ message, box, wasUnread, onReply, onClose }: Props) {
  const { t } = useTranslation('mailbox');
  const phone = useMediaQuery('(max-width: 575.98px)');
  return (
    <Modal opened={message !== null} onClose={onClose} title={message?.subject ?? ''} size="lg" radius="lg" fullScreen={phone} centered styles={{ title: { fontWeight: 800, overflowWrap: 'anywhere' } }} closeButtonProps={{ 'aria-label': t('message.close') }}>
      {message ? (
        <Stack gap="md">
          <Stack gap={2}>
            <Text size="sm">
              <Text span fw={700}>
                {t('message.from')}
              </Text>{' '}
              {message.senderEmail}
            </Text>
            <Text size="sm">
              <Text span fw={700}>
                {t('message.to')}
              </Text>{' '}
              {message.recipientEmail}
            </Text>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {detailTime(message.createdAt)}
              </Text>
              {wasUnread ? (
                <Badge size="sm" color="violet" variant="filled">
                  {t('message.unread')}
                </Badge>
              ) : null}
            </Group>
          </Stack>
          <Text className={classes.content}>{message.content}</Text>
          {box === 'inbox' ? (
            <Group justify="flex-end" gap="xs">
              {message.counterpart.profileId ? (
                <SafetyMenu profileId={message.counterpart.profileId} name={message.counterpart.name ?? message.senderEmail} evidence={{ messageId: message.id }} onBlocked={onClose} />
              ) : null}
              <Button leftSection={<IconArrowBackUp size={16} />} onClick={() => onReply(message)}>
                {t('message.reply')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
