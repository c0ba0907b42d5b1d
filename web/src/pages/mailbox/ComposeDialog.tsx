import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorCode, errorMessage, notify } from '../../features/auth/notify';
import { sendMessage } from '../../features/mailbox/api';
import { productName } from '../../product';

export interface Draft {
  to: string;
  subject: string;
  content: string;
}

export const emptyDraft: Draft = { to: '', subject: '', content: '' };

/** The spec's toast titles for the server's refusals (keys of the mailbox catalogue). */
const TITLES: Partial<Record<string, 'compose.missingTitle' | 'compose.invalidEmailTitle' | 'compose.sendFailed'>> = {
  validation_failed: 'compose.missingTitle',
  invalid_recipient: 'compose.invalidEmailTitle',
  sender_mailbox_missing: 'compose.sendFailed',
  recipient_not_found: 'compose.sendFailed',
  rate_limited: 'compose.sendFailed',
  not_accepting_conversations: 'compose.sendFailed',
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
  const { t } = useTranslation('mailbox');
  const phone = useMediaQuery('(max-width: 575.98px)');
  const [draft, setDraft] = useState<Draft>(initial);
  const [sending, setSending] = useState(false);
  const domain = from?.split('@')[1] ?? 'kindred.local';

  const send = async () => {
    if (sending) return;
    if (!from) {
      notify('error', t('compose.sendFailed'), t('compose.noAddress', { product: productName }));
      return;
    }
    const to = draft.to.trim();
    if (!to || !draft.subject.trim() || !draft.content.trim()) {
      notify('error', t('compose.missingTitle'), t('compose.missing'));
      return;
    }
    if (!to.toLowerCase().endsWith(`@${domain.toLowerCase()}`)) {
      notify('error', t('compose.invalidEmailTitle'), t('compose.invalidEmail', { product: productName, domain }));
      return;
    }
    setSending(true);
    try {
      await sendMessage({ to, subject: draft.subject, content: draft.content });
      notify('success', t('compose.sentTitle'), t('compose.sentMessage', { to }));
      onSent();
    } catch (failure) {
      const code = errorCode(failure);
      const title = code ? TITLES[code] : undefined;
      notify('error', t(title ?? 'compose.sendFailed'), title ? errorMessage(failure) : t('compose.sendFailedMessage'));
    } finally {
      setSending(false);
    }
  };

  const set = (field: keyof Draft) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setDraft((current) => ({ ...current, [field]: value }));
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('compose.title')} size="lg" radius="lg" fullScreen={phone} centered styles={{ title: { fontWeight: 800 } }} closeButtonProps={{ 'aria-label': t('compose.close') }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Stack gap="sm">
          <TextInput label={t('compose.from')} value={from ?? ''} readOnly variant="filled" />
          <TextInput label={t('compose.to')} withAsterisk placeholder={`name1234@${domain}`} value={draft.to} onChange={set('to')} autoComplete="off" inputMode="email" maxLength={254} />
          <TextInput label={t('compose.subject')} withAsterisk value={draft.subject} onChange={set('subject')} maxLength={200} />
          <Textarea label={t('compose.message')} withAsterisk rows={8} value={draft.content} onChange={set('content')} maxLength={10_000} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('compose.cancel')}
            </Button>
            <Button type="submit" loading={sending} leftSection={<IconSend size={16} />}>
              {t('compose.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
