import { Button, Group, Modal, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** The confirm button's icon: a bin unless the action is not a deletion (a suspension, say). */
  icon?: ReactNode;
}

/** Asks before something is deleted for good (or a member is suspended); it stays open while that runs. */
export function ConfirmDialog({ opened, title, children, confirmLabel, busy, onCancel, onConfirm, icon = <IconTrash size={16} /> }: Props) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered radius="lg" closeOnClickOutside={!busy} closeOnEscape={!busy} withCloseButton={!busy}>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t('dialog.cancel')}
        </Button>
        <Button color="red" leftSection={icon} loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
