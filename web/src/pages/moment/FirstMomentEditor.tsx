import { ActionIcon, Alert, Box, Button, Center, Group, Loader, Paper, Radio, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlignLeft, IconArrowRight, IconChevronDown, IconMovie, IconPhoto, IconPhotoPlus, IconVideoPlus, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { brandGradient } from '../../components/landing/brand';
import { errorMessage, errorStatus, notify } from '../../features/auth/notify';
import {
  MAX_IMAGE_BYTES,
  MAX_IMAGES,
  MAX_TEXT_LENGTH,
  MAX_VIDEO_BYTES,
  hasMoment,
  imageAccept,
  isAllowedImage,
  isAllowedVideo,
  momentImages,
  saveFirstMoment,
  videoAccept,
} from '../../features/moment/api';
import type { MomentDraft } from '../../features/moment/api';
import { useProfile } from '../../features/profile/api';
import { useFormat } from '../../i18n/useFormat';
import type { MomentType, Profile } from '../../features/profile/api';
import { Carousel } from './Carousel';
import { DropArea } from './DropArea';
import { StoryField } from './StoryField';
import classes from './Moment.module.css';

interface Props {
  /** create: onboarding's last step, calls onComplete after saving. update: reloads the moment and resets. */
  mode: 'create' | 'update';
  onComplete?: (profile: Profile) => void;
  /** Shown at the top of the upload panel, above its title (e.g. onboarding's step heading). */
  header?: ReactNode;
}

/** A chosen file with the object URL its preview shows. */
interface Picked {
  id: string;
  file: File;
  url: string;
}

/** The type cards; label and hint are keys of the moments catalogue, `count` fills the hint. */
const typeOptions = [
  { value: 'image', label: 'types.image', hint: 'types.imageHint', count: MAX_IMAGES, icon: <IconPhoto size={20} /> },
  { value: 'video', label: 'types.video', hint: 'types.videoHint', count: 0, icon: <IconMovie size={20} /> },
  { value: 'text', label: 'types.text', hint: 'types.textHint', count: MAX_TEXT_LENGTH, icon: <IconAlignLeft size={20} /> },
] as const satisfies readonly { value: MomentType; label: string; hint: string; count: number; icon: ReactNode }[];

/** A file's size in KB or MB, the number in the reader's own notation (1.5 MB, 1,5 Mo). */
function useFormatSize() {
  const { t } = useTranslation('moments');
  const { number } = useFormat();
  return (bytes: number): string => {
    if (bytes < 1024 * 1024) return t('size.kb', { size: number(Math.max(1, Math.round(bytes / 1024)), { useGrouping: false }) });
    return t('size.mb', { size: number(bytes / (1024 * 1024), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }) });
  };
}

/** Why a save failed, for the toast: the server's own sentence for what it refused, else null (the generic words). */
function refusal(error: unknown): string | null {
  const status = errorStatus(error);
  if (status !== null && status < 500) return errorMessage(error);
  return null;
}

/** The saved moment, as others will see it. */
function CurrentMoment({ profile }: { profile: Profile }) {
  const { t } = useTranslation('moments');
  const label = t('editor.currentLabel');
  if (profile.card_type === 'image') return <Carousel images={momentImages(profile)} label={label} />;
  if (profile.card_type === 'video' && profile.card_video_url) {
    return <video className={classes.video} src={profile.card_video_url} controls playsInline preload="metadata" aria-label={label} />;
  }
  return (
    <blockquote className={classes.textMoment} aria-label={label}>
      {profile.card_text}
    </blockquote>
  );
}

/**
 * A panel with a heading. On phones, when two panels share the screen, the heading is a button that
 * shows this panel and folds the other (the disclosure pattern).
 */
function Panel(props: { title: string; collapsible: boolean; open: boolean; onToggle: () => void; children: ReactNode; top?: ReactNode }) {
  const contentId = useId();
  const headingId = useId();
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.panel}>
      <Stack gap="lg">
        {props.top}
        {props.collapsible ? (
          <Title order={2} id={headingId} className={classes.panelTitle}>
            <UnstyledButton className={classes.panelToggle} aria-expanded={props.open} aria-controls={contentId} onClick={props.onToggle}>
              <span>{props.title}</span>
              <IconChevronDown size={20} className={classes.chevron} data-open={props.open || undefined} aria-hidden />
            </UnstyledButton>
          </Title>
        ) : (
          <Title order={2} id={headingId} className={classes.panelTitle}>
            {props.title}
          </Title>
        )}
        {props.open ? (
          <Box id={contentId} role="region" aria-labelledby={headingId} className={classes.panelBody}>
            {props.children}
          </Box>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The first-moment editor (spec: image, video or text; create during onboarding, update from settings). */
export function FirstMomentEditor({ mode, onComplete, header }: Props) {
  const { t } = useTranslation('moments');
  const formatSize = useFormatSize();
  const { profile, error: profileError, isLoading, mutate } = useProfile();
  const phone = useMediaQuery('(max-width: 767.98px)', false, { getInitialValueInEffect: false });
  const [type, setType] = useState<MomentType | null>(null);
  const [images, setImages] = useState<Picked[]>([]);
  const [video, setVideo] = useState<Picked | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [openPanel, setOpenPanel] = useState<'current' | 'upload'>('upload');
  const textId = useId();

  // Every preview URL still alive, so none outlives the editor.
  const liveUrls = useRef(new Set<string>());
  const pick = useCallback((file: File): Picked => {
    const url = URL.createObjectURL(file);
    liveUrls.current.add(url);
    return { id: `${file.name}-${String(file.size)}-${url}`, file, url };
  }, []);
  const release = useCallback((picked: Picked | null) => {
    if (!picked) return;
    URL.revokeObjectURL(picked.url);
    liveUrls.current.delete(picked.url);
  }, []);
  useEffect(() => {
    const urls = liveUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const existing = profile && hasMoment(profile) ? profile : null;
  // On phones one panel shows at a time; tapping either heading swaps them.
  const togglePanels = () => {
    setOpenPanel((current) => (current === 'current' ? 'upload' : 'current'));
  };
  const twoPanels = existing !== null;

  const chooseType = (next: MomentType) => {
    // Switching type clears what was chosen for the other types.
    if (next !== 'image') {
      images.forEach(release);
      setImages([]);
    }
    if (next !== 'video') {
      release(video);
      setVideo(null);
    }
    if (next !== 'text') setText('');
    setType(next);
  };

  const addImages = (files: File[]) => {
    const room = MAX_IMAGES - images.length;
    const accepted: Picked[] = [];
    let problem: [string, string] | null = null;
    for (const file of files) {
      if (!isAllowedImage(file)) {
        problem = [t('files.unsupported'), t('files.notImage', { name: file.name })];
      } else if (file.size > MAX_IMAGE_BYTES) {
        problem = [t('files.tooLarge'), t('files.imageTooLarge', { name: file.name })];
      } else if (accepted.length >= room) {
        problem = [t('files.tooMany'), t('files.tooManyMessage', { count: MAX_IMAGES })];
        break;
      } else {
        accepted.push(pick(file));
      }
    }
    if (accepted.length > 0) setImages((current) => [...current, ...accepted]);
    if (problem) notify('error', problem[0], problem[1]);
  };

  const chooseVideo = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    if (!isAllowedVideo(file)) {
      notify('error', t('files.unsupported'), t('files.notVideo', { name: file.name }));
      return;
    }
    if (file.size > MAX_VIDEO_BYTES) {
      notify('error', t('files.tooLarge'), t('files.videoTooLarge'));
      return;
    }
    release(video);
    setVideo(pick(file));
  };

  const removeImage = (picked: Picked) => {
    release(picked);
    setImages((current) => current.filter((image) => image.id !== picked.id));
  };

  const reset = () => {
    images.forEach(release);
    release(video);
    setImages([]);
    setVideo(null);
    setText('');
    setType(null);
  };

  const nothingChosen = (type === 'image' && images.length === 0) || (type === 'video' && !video) || (type === 'text' && text.length === 0);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    let draft: MomentDraft;
    if (type === null) {
      notify('error', t('error'), t('editor.selectType'));
      return;
    } else if (type === 'image') {
      if (images.length === 0) return;
      draft = { type, images: images.map((image) => image.file) };
    } else if (type === 'video') {
      if (!video) return;
      draft = { type, video: video.file };
    } else {
      if (!text.trim()) {
        notify('error', t('editor.textRequired'), t('editor.textRequiredMessage'));
        return;
      }
      draft = { type, text: text.trim() };
    }

    setBusy(true);
    try {
      const saved = await saveFirstMoment(draft);
      setBusy(false);
      if (mode === 'create') {
        notify('success', t('editor.created'), t('editor.createdMessage'));
        onComplete?.(saved);
        return;
      }
      if (existing) notify('success', t('editor.updated'), t('editor.updatedMessage'));
      else notify('success', t('editor.created'), t('editor.createdMessage'));
      reset();
      setOpenPanel('current');
      // Show the saved row at once, then reload it from the server.
      void mutate(saved);
    } catch (failure) {
      notify('error', t('error'), refusal(failure) ?? t('editor.saveFailed'));
      setBusy(false);
    }
  };

  if (profile === undefined && isLoading) {
    return (
      <Center py="xl">
        <Loader color="violet" type="dots" aria-label={t('editor.loading')} />
      </Center>
    );
  }

  const submitLabel = busy ? t('editor.uploading') : existing ? t('editor.update') : t('editor.complete');

  const form = (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="lg">
        <Radio.Group<MomentType>
          label={t('editor.typeLabel')}
          description={t('editor.typeDescription')}
          value={type}
          onChange={chooseType}
          name={`moment-type-${textId}`}
        >
          <SimpleGrid cols={3} spacing="sm" mt="xs">
            {typeOptions.map((option) => (
              <Radio.Card key={option.value} value={option.value} radius="md" className={classes.typeCard} disabled={busy}>
                <Stack gap={6} align="center">
                  <ThemeIcon size={36} radius="xl" variant={type === option.value ? 'gradient' : 'light'} gradient={brandGradient} color="violet" aria-hidden>
                    {option.icon}
                  </ThemeIcon>
                  <Text fw={600} size="sm" lh={1.2}>
                    {t(option.label)}
                  </Text>
                  <Text size="xs" c="dimmed" ta="center" lh={1.3}>
                    {t(option.hint, { count: option.count })}
                  </Text>
                </Stack>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>

        {type === null ? (
          <Text size="sm" c="dimmed" ta="center" className={classes.emptyHint}>
            {t('editor.pickType')}
          </Text>
        ) : null}

        {type === 'image' ? (
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
                        removeImage(image);
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
                onFiles={addImages}
              />
            ) : null}
          </Stack>
        ) : null}

        {type === 'video' ? (
          video ? (
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
                  onClick={() => {
                    release(video);
                    setVideo(null);
                  }}
                >
                  {t('editor.remove')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <DropArea
              accept={videoAccept}
              inputLabel={t('editor.chooseVideo')}
              title={t('editor.addVideo')}
              hint={t('editor.videoDropHint')}
              icon={<IconVideoPlus size={24} />}
              disabled={busy}
              onFiles={chooseVideo}
            />
          )
        ) : null}

        {type === 'text' ? (
          <StoryField label={t('editor.storyLabel')} placeholder={t('editor.storyPlaceholder')} minRows={4} value={text} onChange={setText} disabled={busy} size="md" />
        ) : null}

        <Button
          type="submit"
          size="md"
          radius="md"
          variant="gradient"
          gradient={brandGradient}
          fullWidth={phone}
          className={classes.submit}
          disabled={busy || nothingChosen}
          leftSection={busy ? <Loader size={16} color="white" /> : undefined}
          rightSection={busy ? undefined : <IconArrowRight size={18} />}
        >
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );

  const uploadTitle = twoPanels ? t('editor.uploadNew') : t('editor.createYours');
  const loadFailed = mode === 'update' && profileError && !profile;

  return (
    <Stack gap="lg">
      {loadFailed ? (
        <Alert color="red" variant="light" title={t('editor.loadFailed')}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{errorMessage(profileError)}</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void mutate()}>
              {t('tryAgain')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {twoPanels ? (
        <div className={classes.panels}>
          <Panel
            title={t('editor.currentTitle')}
            collapsible={phone}
            open={!phone || openPanel === 'current'}
            onToggle={togglePanels}
          >
            <CurrentMoment profile={existing} />
          </Panel>
          <Panel
            title={uploadTitle}
            collapsible={phone}
            open={!phone || openPanel === 'upload'}
            onToggle={togglePanels}
            top={header}
          >
            {form}
          </Panel>
        </div>
      ) : (
        <Panel title={uploadTitle} collapsible={false} open onToggle={() => undefined} top={header}>
          {form}
        </Panel>
      )}
    </Stack>
  );
}
