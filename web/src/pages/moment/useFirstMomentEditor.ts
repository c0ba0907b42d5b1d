import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage, errorStatus, notify } from '../../features/auth/notify';
import { MAX_IMAGE_BYTES, MAX_IMAGES, MAX_VIDEO_BYTES, hasMoment, isAllowedImage, isAllowedVideo, saveFirstMoment } from '../../features/moment/api';
import type { MomentDraft } from '../../features/moment/api';
import { useProfile } from '../../features/profile/api';
import type { MomentType, Profile } from '../../features/profile/api';
import { usePreviewUrls } from './usePreviewUrls';
import type { Picked } from './usePreviewUrls';

export interface EditorOptions {
  /** create: onboarding's last step, calls onComplete after saving. update: reloads the moment and resets. */
  mode: 'create' | 'update';
  onComplete?: (profile: Profile) => void;
}

/** Why a save failed, for the toast: the server's own sentence for what it refused, else null (the generic words). */
function refusal(error: unknown): string | null {
  const status = errorStatus(error);
  if (status !== null && status < 500) return errorMessage(error);
  return null;
}

/** The first-moment editor's state: the saved moment, what is chosen to replace it, and the save. */
export function useFirstMomentEditor({ mode, onComplete }: EditorOptions) {
  const { t } = useTranslation('moments');
  const { profile, error: profileError, isLoading, mutate } = useProfile();
  const phone = useMediaQuery('(max-width: 767.98px)', false, { getInitialValueInEffect: false });
  const [type, setType] = useState<MomentType | null>(null);
  const [images, setImages] = useState<Picked[]>([]);
  const [video, setVideo] = useState<Picked | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [openPanel, setOpenPanel] = useState<'current' | 'upload'>('upload');
  const textId = useId();
  const { pick, release } = usePreviewUrls();

  const existing = profile && hasMoment(profile) ? profile : null;
  // On phones one panel shows at a time; tapping either heading swaps them.
  const togglePanels = () => {
    setOpenPanel((current) => (current === 'current' ? 'upload' : 'current'));
  };

  const removeVideo = () => {
    release(video);
    setVideo(null);
  };

  const chooseType = (next: MomentType) => {
    // Switching type clears what was chosen for the other types.
    if (next !== 'image') {
      images.forEach(release);
      setImages([]);
    }
    if (next !== 'video') removeVideo();
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

  return {
    profile,
    profileError,
    loading: profile === undefined && isLoading,
    reload: () => void mutate(),
    existing,
    phone,
    openPanel,
    togglePanels,
    typeName: `moment-type-${textId}`,
    type,
    chooseType,
    images,
    addImages,
    removeImage,
    video,
    chooseVideo,
    removeVideo,
    text,
    setText,
    busy,
    nothingChosen,
    submit,
  };
}
