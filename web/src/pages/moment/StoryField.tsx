import { Stack, Text, Textarea } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { MAX_TEXT_LENGTH } from '../../features/moment/api';

/** A text moment's story: the textarea and its character count (at most MAX_TEXT_LENGTH, red at the limit). */
export function StoryField({
  label,
  placeholder,
  minRows,
  value,
  onChange,
  disabled,
  autoFocus = false,
  size,
}: {
  label: string;
  placeholder: string;
  minRows: number;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  /** Focused when its dialog opens (Mantine's `data-autofocus`). */
  autoFocus?: boolean;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('moments');
  const countId = useId();
  return (
    <Stack gap={6}>
      <Textarea
        label={label}
        placeholder={placeholder}
        autosize
        minRows={minRows}
        maxRows={10}
        maxLength={MAX_TEXT_LENGTH}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          onChange(event.currentTarget.value);
        }}
        aria-describedby={countId}
        size={size}
        data-autofocus={autoFocus || undefined}
      />
      <Text id={countId} size="xs" c={value.length >= MAX_TEXT_LENGTH ? 'red.7' : 'dimmed'} ta="right" aria-live="polite">
        {t('story.characters', { count: value.length, max: MAX_TEXT_LENGTH })}
      </Text>
    </Stack>
  );
}
