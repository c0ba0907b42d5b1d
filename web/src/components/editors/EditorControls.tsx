import { Button, Group, Slider, Stack, Text } from '@mantine/core';
import { useId } from 'react';

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
export const zoomLabel = (value: number) => `${value.toFixed(2)}×`;

/** Reset on the left; Cancel and Apply on the right. */
export function EditorButtons({ onReset, onCancel, onApply, saving, ready }: { onReset: () => void; onCancel: () => void; onApply: () => void; saving: boolean; ready: boolean }) {
  return (
    <Group justify="space-between">
      <Button variant="default" onClick={onReset}>
        Reset
      </Button>
      <Group gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onApply} loading={saving} disabled={!ready}>
          Apply
        </Button>
      </Group>
    </Group>
  );
}
