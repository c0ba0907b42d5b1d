import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AvatarCropDialog } from '../../components/editors/AvatarCropDialog';
import { errorMessage, notify } from '../../features/auth/notify';
import { useChosenImage } from '../../features/images/crop';
import { removeAvatar, uploadAvatar } from '../../features/profile/api';

/** Avatar upload (spec part 2 §5): an image of at most 5MB, cropped in Adjust Avatar, saved as a 400×400 PNG. */
export function AvatarField({ url, name, onChanged }: { url: string | null; name: string; onChanged: () => void }) {
  const { t } = useTranslation('settings');
  const { src, choose, clear } = useChosenImage(5);
  const [saving, setSaving] = useState(false);

  const save = async (png: Blob) => {
    setSaving(true);
    try {
      await uploadAvatar(png);
      notify('success', t('avatar.updated'), t('avatar.updatedMessage'));
      clear();
      onChanged();
    } catch (failure) {
      notify('error', t('avatar.uploadFailed'), errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    try {
      await removeAvatar();
      notify('success', t('avatar.removed'), t('avatar.removedMessage'));
      onChanged();
    } catch (failure) {
      notify('error', t('avatar.removeFailed'), errorMessage(failure));
    }
  };

  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar src={url} alt={t('avatar.alt')} size={88} radius={88} color="violet" variant="light">
        {name.slice(0, 1).toUpperCase() || '?'}
      </Avatar>
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton onChange={choose} accept="image/*">
            {(props) => (
              <Button {...props} size="sm" leftSection={<IconPhotoUp size={16} />}>
                {url ? t('avatar.change') : t('avatar.upload')}
              </Button>
            )}
          </FileButton>
          {url ? (
            <Button size="sm" variant="default" leftSection={<IconTrash size={16} />} onClick={() => void remove()}>
              {t('avatar.remove')}
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {t('avatar.hint')}
        </Text>
      </Stack>
      <AvatarCropDialog src={src} saving={saving} onCancel={() => clear()} onApply={(png) => void save(png)} />
    </Group>
  );
}
