import { Text, ThemeIcon } from '@mantine/core';
import { useId, useState } from 'react';
import type { DragEvent, ReactNode } from 'react';

import classes from './Moment.module.css';

/** The dashed area that takes files by tap, keyboard (the input inside is focusable) or drop. */
export function DropArea(props: { accept: string; multiple?: boolean; inputLabel: string; title: string; hint: string; icon: ReactNode; disabled: boolean; onFiles: (files: File[]) => void }) {
  const [over, setOver] = useState(false);
  const hintId = useId();
  const take = (files: FileList | null) => {
    if (files && files.length > 0) props.onFiles(Array.from(files));
  };
  return (
    <label
      className={classes.dropArea}
      data-over={over || undefined}
      data-disabled={props.disabled || undefined}
      onDragOver={(event: DragEvent) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => {
        setOver(false);
      }}
      onDrop={(event: DragEvent) => {
        event.preventDefault();
        setOver(false);
        if (!props.disabled) take(event.dataTransfer.files);
      }}
    >
      <input
        type="file"
        className={classes.fileInput}
        accept={props.accept}
        multiple={props.multiple}
        disabled={props.disabled}
        aria-label={props.inputLabel}
        aria-describedby={hintId}
        onChange={(event) => {
          take(event.currentTarget.files);
          // Let the same file be chosen again after it was removed.
          event.currentTarget.value = '';
        }}
      />
      <ThemeIcon size={48} radius="xl" variant="light" color="violet" aria-hidden>
        {props.icon}
      </ThemeIcon>
      <Text fw={600} ta="center">
        {props.title}
      </Text>
      <Text size="sm" c="dimmed" ta="center" id={hintId}>
        {props.hint}
      </Text>
    </label>
  );
}
