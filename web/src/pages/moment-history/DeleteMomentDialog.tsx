import { Button, Group, Modal, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The spec's confirmation before a moment is deleted; it stays open while the delete runs. */
export function DeleteMomentDialog({ opened, deleting, onCancel, onConfirm }: Props) {
  const { t } = useTranslation('moments');
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('deleteDialog.title')}
      centered
      radius="lg"
      closeOnClickOutside={!deleting}
      closeOnEscape={!deleting}
      withCloseButton={!deleting}
    >
      <Text size="sm" c="dimmed">
        {t('deleteDialog.body')}
      </Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" radius="xl" onClick={onCancel} disabled={deleting}>
          {t('deleteDialog.cancel')}
        </Button>
        <Button color="red" radius="xl" leftSection={<IconTrash size={16} />} loading={deleting} onClick={onConfirm}>
          {t('deleteDialog.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
