import { ActionIcon } from '@mantine/core';
import { IconMicrophone, IconMicrophoneFilled } from '@tabler/icons-react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { type PushToTalkState, usePushToTalk } from './usePushToTalk';

export interface MicButtonProps {
  onText(text: string): void;
  disabled?: boolean;
}

/** The button's name in each state: the `speech` catalogue's `button.<state>`. */
const LABELS = {
  idle: 'button.idle',
  requesting: 'button.requesting',
  recording: 'button.recording',
  processing: 'button.processing',
} as const satisfies Record<PushToTalkState, string>;

const isTalkKey = (event: KeyboardEvent) => event.key === ' ' || event.key === 'Enter';

/**
 * The chat's push-to-talk microphone: hold (mouse, touch, or Space/Enter) to record, let go to
 * send; the text arrives in `onText`. The caller hides it when the server has no speech.
 */
export function MicButton({ onText, disabled = false }: MicButtonProps) {
  const { t } = useTranslation('speech');
  const { state, press, release } = usePushToTalk({ onText, disabled });
  const label = t(LABELS[state]);
  const recording = state === 'recording';

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    event.preventDefault(); // no text selection or focus ring on a long press
    // Keeps the release with this button even when the finger or pointer slides off it.
    event.currentTarget.setPointerCapture(event.pointerId);
    press();
  };

  return (
    <ActionIcon
      size="lg"
      radius="xl"
      variant={recording ? 'filled' : 'light'}
      color={recording ? 'red' : undefined}
      loading={state === 'processing'}
      disabled={disabled}
      aria-label={label}
      aria-pressed={recording}
      title={label}
      onPointerDown={onPointerDown}
      onPointerUp={release}
      onPointerCancel={release}
      onKeyDown={(event) => {
        if (!isTalkKey(event)) return;
        event.preventDefault();
        if (!event.repeat) press();
      }}
      onKeyUp={(event) => {
        if (!isTalkKey(event)) return;
        event.preventDefault();
        release();
      }}
      onBlur={release}
      onContextMenu={(event) => event.preventDefault()}
      style={{
        touchAction: 'none',
        userSelect: 'none',
        WebkitUserSelect: 'none',
        WebkitTouchCallout: 'none',
        boxShadow: recording ? '0 0 0 4px var(--mantine-color-red-2)' : undefined,
        transition: 'box-shadow 120ms ease',
      }}
    >
      {recording ? <IconMicrophoneFilled size={18} /> : <IconMicrophone size={18} />}
    </ActionIcon>
  );
}
