import { Box, Button, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { BackgroundEditor } from '../../components/editors/BackgroundEditor';
import { errorMessage, notify } from '../../features/auth/notify';
import { useChosenImage } from '../../features/images/crop';
import { type Profile, removeBackground, uploadBackground } from '../../features/profile/api';

/** Search Background (spec part 2): upload or change (an image of at most 10MB, through the editor) and remove. */
export function BackgroundSection({ profile, onChanged }: { profile: Profile; onChanged: () => void }) {
  const { t } = useTranslation('general');
  const { src, choose, clear } = useChosenImage(10);
  const [saving, setSaving] = useState(false);
  const url = profile.search_background_url;

  const save = async (png: Blob, opacity: number) => {
    setSaving(true);
    try {
      await uploadBackground(png, opacity);
      notify('success', t('background.updated'), t('background.updatedMessage'));
      clear();
      onChanged();
    } catch (failure) {
      notify('error', t('background.uploadFailed'), errorMessage(failure) || t('background.uploadFailedMessage'));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    try {
      await removeBackground();
      notify('success', t('background.removed'), t('background.removedMessage'));
      onChanged();
    } catch {
      notify('error', t('background.removeFailed'), t('background.removeFailedMessage'));
    }
  };

  return (
    <Stack gap="sm">
      <Title order={2} fz={20}>
        {t('background.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('background.description')}
      </Text>
      {url ? (
        <Box
          h={140}
          style={{ borderRadius: 12, backgroundImage: `url(${JSON.stringify(url)})`, backgroundSize: 'cover', backgroundPosition: 'center', opacity: profile.search_background_opacity ?? 0.7, border: '1px solid var(--mantine-color-gray-3)' }}
          role="img"
          aria-label={t('background.previewLabel')}
          data-testid="background-preview"
        />
      ) : null}
      <Group gap="xs">
        <FileButton onChange={choose} accept="image/*">
          {(props) => (
            <Button {...props} leftSection={<IconPhotoUp size={16} />}>
              {url ? t('background.change') : t('background.upload')}
            </Button>
          )}
        </FileButton>
        {url ? (
          <Button variant="default" leftSection={<IconTrash size={16} />} onClick={() => void remove()}>
            {t('background.remove')}
          </Button>
        ) : null}
      </Group>
      <BackgroundEditor src={src} saving={saving} onCancel={() => clear()} onApply={(png, opacity) => void save(png, opacity)} />
    </Stack>
  );
}
