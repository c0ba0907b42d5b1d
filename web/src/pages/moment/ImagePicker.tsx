import { ActionIcon, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { MAX_IMAGES, imageAccept } from '../../features/moment/api';
import { DropArea } from './DropArea';
import classes from './Moment.module.css';
import type { Picked } from './usePreviewUrls';

interface Props {
  images: Picked[];
  busy: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (image: Picked) => void;
}

/** The chosen photos as removable previews, and a drop area while there is room for more. */
export function ImagePicker({ images, busy, onAdd, onRemove }: Props) {
  const { t } = useTranslation('moments');
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text fw={500} size="sm">
          {t('editor.photos')}
        </Text>
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('editor.imageCount', { count: images.length, max: MAX_IMAGES })}
        </Text>
      </Group>
      {images.length > 0 ? (
        <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs" component="ul" className={classes.previewList} aria-label={t('editor.chosenImages')}>
          {images.map((image, i) => (
            <li key={image.id} className={classes.preview}>
              <img src={image.url} alt={t('editor.imageAlt', { number: i + 1, name: image.file.name })} className={classes.previewImage} />
              <ActionIcon
                className={classes.removeButton}
                variant="filled"
                color="dark"
                radius="xl"
                size="md"
                aria-label={t('editor.removeImage', { name: image.file.name })}
                disabled={busy}
                onClick={() => {
                  onRemove(image);
                }}
              >
                <IconX size={14} />
              </ActionIcon>
            </li>
          ))}
        </SimpleGrid>
      ) : null}
      {images.length < MAX_IMAGES ? (
        <DropArea
          accept={imageAccept}
          multiple
          inputLabel={t('editor.chooseImages')}
          title={images.length === 0 ? t('editor.addPhotos') : t('editor.addMorePhotos')}
          hint={t('editor.imageDropHint', { count: MAX_IMAGES - images.length })}
          icon={<IconPhotoPlus size={24} />}
          disabled={busy}
          onFiles={onAdd}
        />
      ) : null}
    </Stack>
  );
}
