import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

import { AvatarCropDialog } from '../../components/editors/AvatarCropDialog';
import { errorMessage, notify } from '../../features/auth/notify';
import { useChosenImage } from '../../features/images/crop';
import { removeAvatar, uploadAvatar } from '../../features/profile/api';

/** Avatar upload (spec part 2 §5): an image of at most 5MB, cropped in Adjust Avatar, saved as a 400×400 PNG. */
export function AvatarField({ url, name, onChanged }: { url: string | null; name: string; onChanged: () => void }) {
  const { src, choose, clear } = useChosenImage(5);
  const [saving, setSaving] = useState(false);

  const save = async (png: Blob) => {
    setSaving(true);
    try {
      await uploadAvatar(png);
      notify('success', 'Avatar updated', 'Your new avatar shows wherever you appear.');
      clear();
      onChanged();
    } catch (failure) {
      notify('error', 'Upload failed', errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    try {
      await removeAvatar();
      notify('success', 'Avatar removed', 'Your initial shows instead.');
      onChanged();
    } catch (failure) {
      notify('error', 'Remove failed', errorMessage(failure));
    }
  };

  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar src={url} alt="Your avatar" size={88} radius={88} color="violet" variant="light">
        {name.slice(0, 1).toUpperCase() || '?'}
      </Avatar>
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton onChange={choose} accept="image/*">
            {(props) => (
              <Button {...props} size="sm" leftSection={<IconPhotoUp size={16} />}>
                {url ? 'Change avatar' : 'Upload avatar'}
              </Button>
            )}
          </FileButton>
          {url ? (
            <Button size="sm" variant="default" leftSection={<IconTrash size={16} />} onClick={() => void remove()}>
              Remove
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          An image up to 5MB.
        </Text>
      </Stack>
      <AvatarCropDialog src={src} saving={saving} onCancel={() => clear()} onApply={(png) => void save(png)} />
    </Group>
  );
}
