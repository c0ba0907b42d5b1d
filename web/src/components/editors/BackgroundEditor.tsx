import { Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from 'react-i18next';

import { cropToPng } from '../../features/images/crop';
import { useFormat } from '../../i18n/useFormat';
import { EditorButtons, EditorSlider, useCropper, ZOOM, zoomLabel } from './EditorControls';
import classes from './Editors.module.css';

/**
 * The spec's background editor (part 2): pan, zoom 0.5 to 3, opacity 0.1 to 1 (default 0.7), a
 * 9:16 frame on screens up to 768 px wide and 16:9 on wider ones. The output is 1080×1920 for the
 * tall frame and, keeping the frame's shape, 1920×1080 for the wide one.
 */
export const DEFAULT_OPACITY = 0.7;

interface Props {
  src: string | null;
  saving: boolean;
  onCancel: () => void;
  onApply: (png: Blob, opacity: number) => void;
}

export function BackgroundEditor({ src, saving, onCancel, onApply }: Props) {
  const { t } = useTranslation('settings');
  const { locale, number } = useFormat();
  const tall = useMediaQuery('(max-width: 768px)') ?? false;
  const { cropper, zoom, setZoom, area, reset } = useCropper();
  const [opacity, setOpacity] = useState(DEFAULT_OPACITY);
  const [width, height] = tall ? [1080, 1920] : [1920, 1080];

  const apply = async () => {
    if (!src || !area) return;
    onApply(await cropToPng(src, area, width, height), opacity);
  };

  return (
    <Modal
      opened={src !== null}
      onClose={onCancel}
      title={t('editors.backgroundTitle')}
      size="xl"
      radius="lg"
      centered
      styles={{ title: { fontWeight: 800 } }}
      closeButtonProps={{ 'aria-label': t('editors.closeBackground') }}
      onExitTransitionEnd={() => {
        reset();
        setOpacity(DEFAULT_OPACITY);
      }}
    >
      <Stack gap="md">
        <div className={classes.stage}>
          {src ? (
            <Cropper
              image={src}
              {...cropper}
              aspect={width / height}
              style={{ mediaStyle: { opacity } }}
            />
          ) : null}
        </div>
        <EditorSlider label={t('editors.zoom')} value={zoom} onChange={setZoom} min={ZOOM.min} max={ZOOM.max} step={ZOOM.step} format={(value) => zoomLabel(value, locale)} />
        <EditorSlider label={t('editors.opacity')} value={opacity} onChange={setOpacity} min={0.1} max={1} step={0.01} format={(value) => number(Math.round(value * 100) / 100, { style: 'percent' })} />
        <EditorButtons onReset={reset} onCancel={onCancel} onApply={() => void apply()} saving={saving} ready={area !== null} />
      </Stack>
    </Modal>
  );
}
