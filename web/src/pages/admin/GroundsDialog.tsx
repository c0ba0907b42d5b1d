import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Grounds, ModerationReason } from '../../features/admin/moderation';
import { isReason, REASONS } from './reasons';

interface Props {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (grounds: Grounds) => void;
  /** The confirm button's icon: a bin unless the action is not a deletion. */
  icon?: ReactNode;
  /** The reason to start from (the one most reports gave), if any. */
  suggested?: ModerationReason | undefined;
}

const NOTE_MAX = 1000;

/**
 * Asks before an action that takes something from a member (hide, suspend, delete), and why: a
 * reason from the fixed list, which the member is told in their language, and an optional note
 * mailed with it as written. Confirm waits for a reason.
 */
export function GroundsDialog(props: Props) {
  return props.opened ? <OpenGroundsDialog {...props} /> : null;
}

// Mounted only while open: each opening starts from a clean form.
function OpenGroundsDialog({ title, children, confirmLabel, busy, onCancel, onConfirm, icon = <IconTrash size={16} />, suggested }: Props) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState<ModerationReason | null>(suggested ?? null);
  const [note, setNote] = useState('');
  const options = (Object.keys(REASONS) as ModerationReason[]).map((value) => ({ value, label: t(REASONS[value]) }));
  const confirm = () => {
    if (!reason) return;
    const trimmed = note.trim();
    onConfirm(trimmed ? { reason, note: trimmed } : { reason });
  };
  return (
    <Modal opened onClose={onCancel} title={title} centered radius="lg" closeOnClickOutside={!busy} closeOnEscape={!busy} withCloseButton={!busy}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {children}
        </Text>
        <Select
          label={t('moderation.grounds.reason')}
          description={t('moderation.grounds.reasonHint')}
          placeholder={t('moderation.grounds.choose')}
          data={options}
          value={reason}
          onChange={(value) => setReason(value && isReason(value) ? value : null)}
          required
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label={t('moderation.grounds.note')}
          description={t('moderation.grounds.noteHint', { max: NOTE_MAX })}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={NOTE_MAX}
          autosize
          minRows={2}
          maxRows={6}
        />
      </Stack>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t('dialog.cancel')}
        </Button>
        <Button color="red" leftSection={icon} loading={busy} disabled={!reason} onClick={confirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
