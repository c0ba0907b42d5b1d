import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';

import { errorCode, errorMessage, notify } from '../../features/auth/notify';
import { sendMessage } from '../../features/mailbox/api';
import { productName } from '../../product';

export interface Draft {
  to: string;
  subject: string;
  content: string;
}

export const emptyDraft: Draft = { to: '', subject: '', content: '' };

/** The spec's toast titles for the server's refusals. */
const TITLES: Record<string, string> = {
  validation_failed: 'Missing information',
  invalid_recipient: 'Invalid email format',
  sender_mailbox_missing: 'Send failed',
  recipient_not_found: 'Send failed',
  rate_limited: 'Send failed',
};

interface Props {
  opened: boolean;
  /** The member's own address (From, read-only). */
  from: string | null;
  /** The draft it opens with (the parent remounts it, with a new key, for each new draft). */
  initial: Draft;
  onClose: () => void;
  onSent: () => void;
}

/** Compose (spec): From read-only, To, Subject, Message (8 rows). The server checks everything again. */
export function ComposeDialog({ opened, from, initial, onClose, onSent }: Props) {
  const phone = useMediaQuery('(max-width: 575.98px)');
  const [draft, setDraft] = useState<Draft>(initial);
  const [sending, setSending] = useState(false);
  const domain = from?.split('@')[1] ?? 'kindred.local';

  const send = async () => {
    if (sending) return;
    if (!from) {
      notify('error', 'Send failed', `Your ${productName} email not found`);
      return;
    }
    const to = draft.to.trim();
    if (!to || !draft.subject.trim() || !draft.content.trim()) {
      notify('error', 'Missing information', 'Recipient, subject and content are all required');
      return;
    }
    if (!to.toLowerCase().endsWith(`@${domain.toLowerCase()}`)) {
      notify('error', 'Invalid email format', `Please enter a complete ${productName} email address (e.g. name1234@${domain})`);
      return;
    }
    setSending(true);
    try {
      await sendMessage({ to, subject: draft.subject, content: draft.content });
      notify('success', 'Message sent', `Your message to ${to} was sent.`);
      onSent();
    } catch (failure) {
      const code = errorCode(failure);
      const title = code ? TITLES[code] : undefined;
      notify('error', title ?? 'Send failed', title ? errorMessage(failure) : 'Unable to send message, please try again');
    } finally {
      setSending(false);
    }
  };

  const set = (field: keyof Draft) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setDraft((current) => ({ ...current, [field]: value }));
  };

  return (
    <Modal opened={opened} onClose={onClose} title="New message" size="lg" radius="lg" fullScreen={phone} centered styles={{ title: { fontWeight: 800 } }} closeButtonProps={{ 'aria-label': 'Close new message' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Stack gap="sm">
          <TextInput label="From" value={from ?? ''} readOnly variant="filled" />
          <TextInput label="To" withAsterisk placeholder={`name1234@${domain}`} value={draft.to} onChange={set('to')} autoComplete="off" inputMode="email" maxLength={254} />
          <TextInput label="Subject" withAsterisk value={draft.subject} onChange={set('subject')} maxLength={200} />
          <Textarea label="Message" withAsterisk rows={8} value={draft.content} onChange={set('content')} maxLength={10_000} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={sending} leftSection={<IconSend size={16} />}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
