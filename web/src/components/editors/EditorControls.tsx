import { Button, Group, Slider, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Area, Point } from 'react-easy-crop';

/** A labelled slider of an editor (zoom, opacity). */
export function EditorSlider({ label, value, onChange, min, max, step, format }: { label: string; value: number; onChange: (value: number) => void; min: number; max: number; step: number; format: (value: number) => string }) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} id={id}>
        {label}
      </Text>
      <Slider value={value} onChange={onChange} min={min} max={max} step={step} label={format} thumbProps={{ 'aria-labelledby': id }} />
    </Stack>
  );
}

/** The spec's zoom range for both editors: 0.5 to 3 in steps of 0.01. */
export const ZOOM = { min: 0.5, max: 3, step: 0.01 } as const;
/** 1.00× (in `locale`: 1,00× in French). */
export const zoomLabel = (value: number, locale = 'en-US') => `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)}×`;

/** Reset on the left; Cancel and Apply on the right. */
export function EditorButtons({ onReset, onCancel, onApply, saving, ready }: { onReset: () => void; onCancel: () => void; onApply: () => void; saving: boolean; ready: boolean }) {
  const { t } = useTranslation('settings');
  return (
    <Group justify="space-between">
      <Button variant="default" onClick={onReset}>
        {t('editors.reset')}
      </Button>
      <Group gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('editors.cancel')}
        </Button>
        <Button onClick={onApply} loading={saving} disabled={!ready}>
          {t('editors.apply')}
        </Button>
      </Group>
    </Group>
  );
}

/**
 * What both editors hold: where the picture is, how far it is zoomed, and the area (in the
 * picture's own pixels) that Apply will draw. `cropper` goes onto react-easy-crop's Cropper.
 */
export function useCropper() {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const reset = () => {
    setCrop({ x: 0, y: 0 });
    setZoom(1);
  };
  const cropper = {
    crop,
    zoom,
    minZoom: ZOOM.min,
    maxZoom: ZOOM.max,
    zoomSpeed: 0.2,
    showGrid: false,
    // Zoomed out below 1 the picture may be smaller than the frame; the rest stays transparent.
    restrictPosition: false,
    onCropChange: setCrop,
    onZoomChange: setZoom,
    onCropComplete: (_area: Area, pixels: Area) => setArea(pixels),
  };
  return { cropper, zoom, setZoom, area, reset };
}
