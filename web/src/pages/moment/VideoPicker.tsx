import { Button, Group, Stack, Text } from '@mantine/core';
import { IconVideoPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { videoAccept } from '../../features/moment/api';
import { DropArea } from './DropArea';
import classes from './Moment.module.css';
import { useFormatSize } from './useFormatSize';
import type { Picked } from './usePreviewUrls';

interface Props {
  video: Picked | null;
  busy: boolean;
  onChoose: (files: File[]) => void;
  onRemove: () => void;
}

/** The chosen video's preview with its name, size and a remove button; a drop area until one is chosen. */
export function VideoPicker({ video, busy, onChoose, onRemove }: Props) {
  const { t } = useTranslation('moments');
  const formatSize = useFormatSize();
  if (!video) {
    return (
      <DropArea
        accept={videoAccept}
        inputLabel={t('editor.chooseVideo')}
        title={t('editor.addVideo')}
        hint={t('editor.videoDropHint')}
        icon={<IconVideoPlus size={24} />}
        disabled={busy}
        onFiles={onChoose}
      />
    );
  }
  return (
    <Stack gap="xs">
      <video className={classes.video} src={video.url} controls playsInline preload="metadata" aria-label={t('editor.videoPreview', { name: video.file.name })} />
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed" truncate miw={0}>
          {video.file.name} · {formatSize(video.file.size)}
        </Text>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          leftSection={<IconX size={14} />}
          disabled={busy}
          aria-label={t('editor.removeVideo', { name: video.file.name })}
          onClick={onRemove}
        >
          {t('editor.remove')}
        </Button>
      </Group>
    </Stack>
  );
}
