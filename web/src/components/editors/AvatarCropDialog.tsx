import { Modal, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import Cropper from 'react-easy-crop';
import { useTranslation } from 'react-i18next';

import { cropToPng } from '../../features/images/crop';
import { useFormat } from '../../i18n/useFormat';
import { EditorButtons, EditorSlider, useCropper, ZOOM, zoomLabel } from './EditorControls';
import classes from './Editors.module.css';

/** The spec's avatar editor (part 2): a 400 px circle, zoom 0.5 to 3 in steps of 0.01, a 400×400 PNG. */
export const AVATAR_SIZE = 400;

interface Props {
  /** An object URL of the chosen picture; null closes the dialog. */
  src: string | null;
  saving: boolean;
  onCancel: () => void;
  onApply: (png: Blob) => void;
}

export function AvatarCropDialog({ src, saving, onCancel, onApply }: Props) {
  const { t } = useTranslation('settings');
  const { locale } = useFormat();
  const { cropper, zoom, setZoom, area, reset } = useCropper();
  const { ref, width, height } = useElementSize();
  // The circle is 400 px where it fits, smaller on a phone.
  const side = Math.max(120, Math.min(AVATAR_SIZE, width - 24, height - 24));

  const apply = async () => {
    if (!src || !area) return;
    onApply(await cropToPng(src, area, AVATAR_SIZE, AVATAR_SIZE));
  };

  return (
    <Modal opened={src !== null} onClose={onCancel} title={t('editors.avatarTitle')} size="lg" radius="lg" centered styles={{ title: { fontWeight: 800 } }} closeButtonProps={{ 'aria-label': t('editors.closeAvatar') }} onExitTransitionEnd={reset}>
      <Stack gap="md">
        <div ref={ref} className={classes.stage}>
          {src && width > 0 ? (
            <Cropper
              image={src}
              {...cropper}
              aspect={1}
              cropShape="round"
              cropSize={{ width: side, height: side }}
            />
          ) : null}
        </div>
        <Text size="sm" c="dimmed">
          {t('editors.dragHint')}
        </Text>
        <EditorSlider label={t('editors.zoom')} value={zoom} onChange={setZoom} min={ZOOM.min} max={ZOOM.max} step={ZOOM.step} format={(value) => zoomLabel(value, locale)} />
        <EditorButtons onReset={reset} onCancel={onCancel} onApply={() => void apply()} saving={saving} ready={area !== null} />
      </Stack>
    </Modal>
  );
}
