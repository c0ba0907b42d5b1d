import { Button, Group, Modal, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

interface Props {
  opened: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The spec's confirmation before a moment is deleted; it stays open while the delete runs. */
export function DeleteMomentDialog({ opened, deleting, onCancel, onConfirm }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title="Delete Moment?"
      centered
      radius="lg"
      closeOnClickOutside={!deleting}
      closeOnEscape={!deleting}
      withCloseButton={!deleting}
    >
      <Text size="sm" c="dimmed">
        This action cannot be undone. This will permanently delete your moment.
      </Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" radius="xl" onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <Button color="red" radius="xl" leftSection={<IconTrash size={16} />} loading={deleting} onClick={onConfirm}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
