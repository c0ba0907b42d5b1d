import { Box, Button, Group, Loader, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconAlignLeft, IconMovie, IconPhoto, IconPhotoPlus, IconSend, IconVideoPlus, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';

import { brandGradient } from '../../components/landing/brand';
import { errorMessage, errorStatus, notify } from '../../features/auth/notify';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, imageAccept, isAllowedImage, isAllowedVideo, videoAccept } from '../../features/moment/api';
import type { MomentDraft, MomentType } from '../../features/moment/api';
import { MAX_CAPTION_LENGTH, myMomentsKey, postMoment } from '../../features/moments/api';
import { recommendedKey } from '../../features/search/moments';
import { i18next } from '../../i18n/i18n';
import { DropArea } from '../moment/DropArea';
import { StoryField } from '../moment/StoryField';
import classes from './Search.module.css';

interface Props {
  opened: boolean;
  /** The type the menu was opened with; the dialog lets the member switch. */
  initialType: MomentType;
  onClose: () => void;
}

/** The chosen files and the object URL that previews the first (the one that is posted). */
interface Chosen {
  files: File[];
  previewUrl: string;
}

const typeLabel = (icon: ReactNode, label: string) => (
  <Group gap={6} justify="center" wrap="nowrap">
    {icon}
    <span>{label}</span>
  </Group>
);

const typeOptions = [
  { value: 'image', icon: <IconPhoto size={16} aria-hidden />, label: 'upload.image' },
  { value: 'video', icon: <IconMovie size={16} aria-hidden />, label: 'upload.video' },
  { value: 'text', icon: <IconAlignLeft size={16} aria-hidden />, label: 'upload.text' },
] as const;

/** The files that may be posted; anything else is named in a toast (the first-moment editor's words). */
function acceptable(type: 'image' | 'video', files: File[]): File[] {
  const kept: File[] = [];
  for (const file of files) {
    if (type === 'image' && !isAllowedImage(file)) notify('error', i18next.t('search:upload.unsupportedTitle'), i18next.t('search:upload.notImage', { file: file.name }));
    else if (type === 'image' && file.size > MAX_IMAGE_BYTES) notify('error', i18next.t('search:upload.tooLargeTitle'), i18next.t('search:upload.imageTooLarge', { file: file.name }));
    else if (type === 'video' && !isAllowedVideo(file)) notify('error', i18next.t('search:upload.unsupportedTitle'), i18next.t('search:upload.notVideo', { file: file.name }));
    else if (type === 'video' && file.size > MAX_VIDEO_BYTES) notify('error', i18next.t('search:upload.tooLargeTitle'), i18next.t('search:upload.videoTooLarge'));
    else kept.push(file);
  }
  return type === 'video' ? kept.slice(0, 1) : kept;
}

/**
 * The moment upload dialog (spec): step 1 the type, step 2 a file and a caption, or the story
 * text; Cancel and Post. The page remounts it for every opening, so each starts empty.
 */
export function MomentUploadDialog({ opened, initialType, onClose }: Props) {
  const { t } = useTranslation('search');
  const { mutate } = useSWRConfig();
  const [type, setType] = useState<MomentType>(initialType);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [caption, setCaption] = useState('');
  const [text, setText] = useState('');
  const [posting, setPosting] = useState(false);
  const typeLabelId = useId();

  // The preview URL still alive, so none outlives the dialog.
  const liveUrl = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (liveUrl.current) URL.revokeObjectURL(liveUrl.current);
      liveUrl.current = null;
    },
    [],
  );
  const replaceChosen = (files: File[]) => {
    if (liveUrl.current) URL.revokeObjectURL(liveUrl.current);
    liveUrl.current = null;
    const first = files[0];
    if (!first) {
      setChosen(null);
      return;
    }
    liveUrl.current = URL.createObjectURL(first);
    setChosen({ files, previewUrl: liveUrl.current });
  };

  const chooseType = (value: string) => {
    const next = value as MomentType;
    // A photo is no video: switching type drops the files; the caption and the text stay.
    if (next !== type) replaceChosen([]);
    setType(next);
  };

  const onFiles = (files: File[]) => {
    if (type === 'text') return;
    const kept = acceptable(type, files);
    if (kept.length > 0) replaceChosen(kept);
  };

  /** The spec's checks before sending: the toast names what is missing. */
  const draft = (): MomentDraft | null => {
    if (type === 'text') {
      if (!text.trim()) {
        notify('error', t('upload.contentRequiredTitle'), t('upload.contentRequired'));
        return null;
      }
      return { type, text: text.trim() };
    }
    if (!chosen) {
      notify('error', t('upload.fileRequiredTitle'), type === 'image' ? t('upload.selectImage') : t('upload.selectVideo'));
      return null;
    }
    return type === 'image' ? { type, images: chosen.files } : { type, video: chosen.files[0]! };
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (posting) return;
    const moment = draft();
    if (!moment) return;
    setPosting(true);
    try {
      await postMoment(moment, caption);
      notify('success', t('upload.postedTitle'), t('upload.postedText'));
      setPosting(false);
      onClose();
      void mutate(recommendedKey);
      void mutate(myMomentsKey);
    } catch (failure) {
      setPosting(false);
      notify('error', t('upload.failedTitle'), errorStatus(failure) === 401 ? t('upload.notAuthenticated') : errorMessage(failure));
    }
  };

  const fileStep =
    type === 'text' ? null : chosen ? (
      <Stack gap="xs">
        {type === 'image' ? (
          <img className={classes.uploadPreview} src={chosen.previewUrl} alt={t('upload.previewOf', { file: chosen.files[0]?.name ?? t('upload.theImage') })} />
        ) : (
          <video className={classes.uploadPreview} src={chosen.previewUrl} controls playsInline preload="metadata" aria-label={t('upload.previewOf', { file: chosen.files[0]?.name ?? t('upload.theVideo') })} />
        )}
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm" c="dimmed" lineClamp={2} miw={0} style={{ overflowWrap: 'anywhere' }}>
            {chosen.files.length > 1 ? t('upload.photosChosen', { count: chosen.files.length }) : chosen.files[0]?.name}
          </Text>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconX size={14} />}
            style={{ flexShrink: 0 }}
            disabled={posting}
            onClick={() => {
              replaceChosen([]);
            }}
          >
            {t('upload.remove')}
          </Button>
        </Group>
      </Stack>
    ) : (
      <DropArea
        accept={type === 'image' ? imageAccept : videoAccept}
        multiple={type === 'image'}
        inputLabel={type === 'image' ? t('upload.chooseImages') : t('upload.chooseVideo')}
        title={type === 'image' ? t('upload.addPhoto') : t('upload.addVideo')}
        hint={type === 'image' ? t('upload.imageHint') : t('upload.videoHint')}
        icon={type === 'image' ? <IconPhotoPlus size={24} /> : <IconVideoPlus size={24} />}
        disabled={posting}
        onFiles={onFiles}
      />
    );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('upload.title')}
      centered
      radius="lg"
      size="lg"
      closeOnClickOutside={!posting}
      closeOnEscape={!posting}
      withCloseButton={!posting}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Box>
            <Text size="sm" fw={500} mb={6} id={typeLabelId}>
              {t('upload.type')}
            </Text>
            <SegmentedControl fullWidth radius="xl" color="violet" value={type} onChange={chooseType} data={typeOptions.map((option) => ({ value: option.value, label: typeLabel(option.icon, t(option.label)) }))} disabled={posting} aria-labelledby={typeLabelId} />
          </Box>
          {fileStep}
          {type === 'text' ? (
            <StoryField label={t('upload.story')} placeholder={t('upload.storyPlaceholder')} minRows={5} value={text} onChange={setText} disabled={posting} autoFocus />
          ) : (
            <TextInput
              label={t('upload.caption')}
              placeholder={t('upload.captionPlaceholder')}
              maxLength={MAX_CAPTION_LENGTH}
              value={caption}
              disabled={posting}
              onChange={(event) => {
                setCaption(event.currentTarget.value);
              }}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" radius="xl" onClick={onClose} disabled={posting}>
              {t('upload.cancel')}
            </Button>
            <Button
              type="submit"
              variant="gradient"
              gradient={brandGradient}
              radius="xl"
              disabled={posting}
              leftSection={posting ? <Loader size={14} color="white" /> : <IconSend size={16} />}
            >
              {posting ? t('upload.posting') : t('upload.post')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
