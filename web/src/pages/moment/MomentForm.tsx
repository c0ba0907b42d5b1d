import { Button, Loader, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { brandGradient } from '../../components/landing/brand';
import type { MomentType } from '../../features/profile/api';
import { ImagePicker } from './ImagePicker';
import classes from './Moment.module.css';
import { MomentTypePicker } from './MomentTypePicker';
import { StoryField } from './StoryField';
import type { Picked } from './usePreviewUrls';
import { VideoPicker } from './VideoPicker';

interface Props {
  typeName: string;
  type: MomentType | null;
  onTypeChange: (type: MomentType) => void;
  images: Picked[];
  onAddImages: (files: File[]) => void;
  onRemoveImage: (image: Picked) => void;
  video: Picked | null;
  onChooseVideo: (files: File[]) => void;
  onRemoveVideo: () => void;
  text: string;
  onTextChange: (text: string) => void;
  busy: boolean;
  nothingChosen: boolean;
  /** The moment being replaced, if any: the button then says update. */
  replacing: boolean;
  fullWidthSubmit: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}

/** The upload form: the type, then the photos, video or story of that type, then the save button. */
export function MomentForm(props: Props) {
  const { t } = useTranslation('moments');
  const { type, busy } = props;
  const submitLabel = busy ? t('editor.uploading') : props.replacing ? t('editor.update') : t('editor.complete');

  return (
    <form noValidate onSubmit={(event) => void props.onSubmit(event)}>
      <Stack gap="lg">
        <MomentTypePicker value={type} onChange={props.onTypeChange} name={props.typeName} disabled={busy} />

        {type === null ? (
          <Text size="sm" c="dimmed" ta="center" className={classes.emptyHint}>
            {t('editor.pickType')}
          </Text>
        ) : null}

        {type === 'image' ? <ImagePicker images={props.images} busy={busy} onAdd={props.onAddImages} onRemove={props.onRemoveImage} /> : null}

        {type === 'video' ? <VideoPicker video={props.video} busy={busy} onChoose={props.onChooseVideo} onRemove={props.onRemoveVideo} /> : null}

        {type === 'text' ? (
          <StoryField label={t('editor.storyLabel')} placeholder={t('editor.storyPlaceholder')} minRows={4} value={props.text} onChange={props.onTextChange} disabled={busy} size="md" />
        ) : null}

        <Button
          type="submit"
          size="md"
          radius="md"
          variant="gradient"
          gradient={brandGradient}
          fullWidth={props.fullWidthSubmit}
          className={classes.submit}
          disabled={busy || props.nothingChosen}
          leftSection={busy ? <Loader size={16} color="white" /> : undefined}
          rightSection={busy ? undefined : <IconArrowRight size={18} />}
        >
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
