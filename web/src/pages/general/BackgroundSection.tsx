import { Box, Button, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

import { BackgroundEditor } from '../../components/editors/BackgroundEditor';
import { errorMessage, notify } from '../../features/auth/notify';
import { useChosenImage } from '../../features/images/crop';
import { type Profile, removeBackground, uploadBackground } from '../../features/profile/api';

/** Search Background (spec part 2): upload or change (an image of at most 10MB, through the editor) and remove. */
export function BackgroundSection({ profile, onChanged }: { profile: Profile; onChanged: () => void }) {
  const { src, choose, clear } = useChosenImage(10);
  const [saving, setSaving] = useState(false);
  const url = profile.search_background_url;

  const save = async (png: Blob, opacity: number) => {
    setSaving(true);
    try {
      await uploadBackground(png, opacity);
      notify('success', 'Background updated', 'Your search page background has been updated successfully.');
      clear();
      onChanged();
    } catch (failure) {
      notify('error', 'Upload failed', errorMessage(failure) || 'Failed to upload background.');
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    try {
      await removeBackground();
      notify('success', 'Background removed', 'Search page background has been reset to default.');
      onChanged();
    } catch {
      notify('error', 'Remove failed', 'The background could not be removed. Please try again.');
    }
  };

  return (
    <Stack gap="sm">
      <Title order={2} fz={20}>
        Search Background
      </Title>
      <Text size="sm" c="dimmed">
        A picture behind your search page. Images up to 10MB.
      </Text>
      {url ? (
        <Box
          h={140}
          style={{ borderRadius: 12, backgroundImage: `url(${JSON.stringify(url)})`, backgroundSize: 'cover', backgroundPosition: 'center', opacity: profile.search_background_opacity ?? 0.7, border: '1px solid var(--mantine-color-gray-3)' }}
          role="img"
          aria-label="Your current search background"
          data-testid="background-preview"
        />
      ) : null}
      <Group gap="xs">
        <FileButton onChange={choose} accept="image/*">
          {(props) => (
            <Button {...props} leftSection={<IconPhotoUp size={16} />}>
              {url ? 'Change background' : 'Upload background'}
            </Button>
          )}
        </FileButton>
        {url ? (
          <Button variant="default" leftSection={<IconTrash size={16} />} onClick={() => void remove()}>
            Remove
          </Button>
        ) : null}
      </Group>
      <BackgroundEditor src={src} saving={saving} onCancel={() => clear()} onApply={(png, opacity) => void save(png, opacity)} />
    </Stack>
  );
}
