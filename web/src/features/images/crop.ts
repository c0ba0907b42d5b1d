// The editors' output: the chosen area of a picture drawn onto a canvas of the spec's size, as a PNG.
import { useEffect, useState } from 'react';
import type { Area } from 'react-easy-crop';

import { i18next } from '../../i18n/i18n';
import { notify } from '../auth/notify';

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(i18next.t('settings:images.unreadable')));
    image.src = src;
  });
}

/**
 * Draws `area` (in the picture's own pixels; it may reach past the picture's edges when zoomed out
 * below 1, which stays transparent) onto a width×height canvas and encodes it as PNG.
 */
export async function cropToPng(src: string, area: Area, width: number, height: number): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(i18next.t('settings:images.noCanvas'));
  const scaleX = width / area.width;
  const scaleY = height / area.height;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, -area.x * scaleX, -area.y * scaleY, image.naturalWidth * scaleX, image.naturalHeight * scaleY);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(i18next.t('settings:images.unsaved')))), 'image/png');
  });
}

const MB = 1024 * 1024;

/** The spec's checks on a chosen file (part 2 §5), as [title, message] in the reader's language when it fails. */
export function checkImageFile(file: File, maxMb: number): [string, string] | null {
  if (!file.type.startsWith('image/')) return [i18next.t('settings:images.invalidType'), i18next.t('settings:images.invalidTypeMessage')];
  if (file.size > maxMb * MB) return [i18next.t('settings:images.tooLarge'), i18next.t('settings:images.tooLargeMessage', { max: maxMb })];
  return null;
}

/**
 * A picture the member chose for an editor: checked (image, at most `maxMb`), then held as an
 * object URL until the editor closes. `src` is null while nothing is being edited.
 */
export function useChosenImage(maxMb: number): { src: string | null; choose: (file: File | null) => void; clear: () => void } {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (src) URL.revokeObjectURL(src);
    },
    [src],
  );
  const choose = (file: File | null) => {
    if (!file) return;
    const problem = checkImageFile(file, maxMb);
    if (problem) {
      notify('error', ...problem);
      return;
    }
    setSrc(URL.createObjectURL(file));
  };
  return { src, choose, clear: () => setSrc(null) };
}
