import { ActionIcon, Badge, Box, Button, Center, CopyButton, Group, Loader, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconInbox, IconPencil, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';

import { MemberPageShell, MemberPanel, RequireCompleteMember } from '../../components/MemberPage';
import { notify } from '../../features/auth/notify';
import { type Box as MailboxName, type MailboxMessage, markRead, replySubject, useMailbox, useUnreadCount } from '../../features/mailbox/api';
import { ComposeDialog, type Draft, emptyDraft } from './ComposeDialog';
import classes from './Mailbox.module.css';
import { MessageDialog } from './MessageDialog';
import { MessageRow } from './MessageRow';

function MessageList({ box, onOpen }: { box: MailboxName; onOpen: (message: MailboxMessage) => void }) {
  const { t } = useTranslation('mailbox');
  const { messages, error, isLoading, hasMore, loadingMore, loadMore, mutate } = useMailbox(box);

  // The spec's toast once per failure, not once per swr retry.
  const failed = useRef(false);
  useEffect(() => {
    if (error && !failed.current) notify('error', t('list.loadFailedTitle'), t('list.loadFailedMessage'));
    failed.current = Boolean(error);
  }, [error, t]);

  if (messages === undefined && isLoading) {
    return (
      <Center py="xl">
        <Loader color="violet" aria-label={t('list.loading')} />
      </Center>
    );
  }
  if (messages === undefined) {
    return (
      <Stack align="center" gap="xs" py="xl">
        <Text fw={600}>{t('list.couldNotLoad')}</Text>
        <Button variant="light" onClick={() => void mutate()}>
          {t('list.tryAgain')}
        </Button>
      </Stack>
    );
  }
  if (messages.length === 0) {
    return (
      <Text ta="center" c="dimmed" py="xl">
        {box === 'inbox' ? t('list.empty') : t('list.emptySent')}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Box component="ul" className={classes.list} aria-label={box === 'inbox' ? t('list.inboxLabel') : t('list.sentLabel')}>
        {messages.map((message) => (
          <MessageRow key={message.id} message={message} box={box} onOpen={() => onOpen(message)} />
        ))}
      </Box>
      {hasMore ? (
        <Button variant="subtle" onClick={loadMore} loading={loadingMore} style={{ alignSelf: 'center' }}>
          {t('list.showOlder')}
        </Button>
      ) : null}
    </Stack>
  );
}

function Mailbox() {
  const { t } = useTranslation('mailbox');
  const [params, setParams] = useSearchParams();
  const box: MailboxName = params.get('box') === 'sent' ? 'sent' : 'inbox';
  const inbox = useMailbox('inbox');
  const sent = useMailbox('sent');
  const { mutate: mutateUnread } = useUnreadCount();
  const [open, setOpen] = useState<{ message: MailboxMessage; box: MailboxName; wasUnread: boolean } | null>(null);
  const [compose, setComposeDraft] = useState<Draft | null>(null);
  // Each new draft remounts the dialog, so it starts from that draft.
  const [draftNumber, setDraftNumber] = useState(0);
  const setCompose = (draft: Draft | null) => {
    if (draft) setDraftNumber((n) => n + 1);
    setComposeDraft(draft);
  };
  const address = inbox.address;

  const openMessage = (message: MailboxMessage) => {
    const wasUnread = box === 'inbox' && !message.isRead;
    setOpen({ message, box, wasUnread });
    if (!wasUnread) return;
    // Read at once on screen; the server's answer only matters if it fails (then it is only logged, as the spec says).
    void inbox.mutate(
      (pages) => pages?.map((page) => ({ ...page, unreadCount: Math.max(0, page.unreadCount - 1), messages: page.messages.map((m) => (m.id === message.id ? { ...m, isRead: true } : m)) })),
      { revalidate: false },
    );
    markRead(message.id)
      .then(() => mutateUnread())
      .catch((error: unknown) => {
        console.warn('mark read failed', error);
      });
  };

  return (
    <MemberPageShell title={t('page.title')} subtitle={t('page.subtitle')}>
      <MemberPanel label={t('page.panel')}>
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Stack gap={0} miw={0}>
              <Text size="sm" c="dimmed">
                {t('page.yourAddress')}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Text fw={700} style={{ overflowWrap: 'anywhere' }} data-testid="own-address">
                  {address ?? '…'}
                </Text>
                {address ? (
                  <CopyButton value={address}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? t('page.copied') : t('page.copyAddress')}>
                        <ActionIcon variant="subtle" color="gray.8" size="lg" onClick={copy} aria-label={t('page.copyYourAddress')}>
                          {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                ) : null}
              </Group>
            </Stack>
            <Button leftSection={<IconPencil size={16} />} onClick={() => setCompose(emptyDraft)}>
              {t('page.compose')}
            </Button>
          </Group>
          <Tabs
            value={box}
            onChange={(value) => {
              setParams(value === 'sent' ? { box: 'sent' } : {}, { replace: true });
            }}
            keepMounted={false}
          >
            <Tabs.List>
              <Tabs.Tab value="inbox" leftSection={<IconInbox size={16} />} rightSection={inbox.unreadCount > 0 ? <Badge size="sm" color="violet" variant="filled" aria-label={t('page.unreadBadge', { count: inbox.unreadCount })}>{inbox.unreadCount}</Badge> : null}>
                {t('page.inbox')}
              </Tabs.Tab>
              <Tabs.Tab value="sent" leftSection={<IconSend size={16} />}>
                {t('page.sent')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="inbox" pt="xs">
              <MessageList box="inbox" onOpen={openMessage} />
            </Tabs.Panel>
            <Tabs.Panel value="sent" pt="xs">
              <MessageList box="sent" onOpen={openMessage} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </MemberPanel>
      <MessageDialog
        message={open?.message ?? null}
        box={open?.box ?? 'inbox'}
        wasUnread={open?.wasUnread ?? false}
        onClose={() => setOpen(null)}
        onReply={(message) => {
          setOpen(null);
          setCompose({ to: message.senderEmail, subject: replySubject(message.subject), content: '' });
        }}
      />
      <ComposeDialog
        key={draftNumber}
        opened={compose !== null}
        from={address}
        initial={compose ?? emptyDraft}
        onClose={() => setCompose(null)}
        onSent={() => {
          setCompose(null);
          void sent.mutate();
        }}
      />
    </MemberPageShell>
  );
}

/** /mailbox (spec part 2, Mailbox page): the member's own Inbox and Sent, compose and reply. */
export function MailboxPage() {
  return <RequireCompleteMember>{() => <Mailbox />}</RequireCompleteMember>;
}
