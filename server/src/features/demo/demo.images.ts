import sharp from 'sharp';

import { DEFAULT_IMAGE_LIMITS, type EncodedImage, type ProcessedImage } from '../../storage/images.js';
import type { DemoImage } from './demo.generator.js';

/** A portrait picture, as phones post them (4:5), at a size that renders in a quarter of 1080×1350's time. */
export const DEMO_IMAGE_WIDTH = 720;
export const DEMO_IMAGE_HEIGHT = 900;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/** Shapes behind the label, so a feed of sample pictures does not look like one picture. */
function decoration(pattern: number, accent: string): string {
  switch (pattern % 4) {
    case 0:
      return `<circle cx="220" cy="300" r="260" fill="${accent}" fill-opacity="0.22"/><circle cx="900" cy="1120" r="320" fill="${accent}" fill-opacity="0.16"/>`;
    case 1:
      return Array.from({ length: 6 }, (_, i) => `<rect x="${-200 + i * 260}" y="-100" width="90" height="1700" fill="${accent}" fill-opacity="0.12" transform="rotate(25 540 675)"/>`).join('');
    case 2:
      return `<path d="M0 1050 Q 270 930 540 1050 T 1080 1050 V 1350 H 0 Z" fill="${accent}" fill-opacity="0.25"/><path d="M0 1150 Q 270 1030 540 1150 T 1080 1150 V 1350 H 0 Z" fill="${accent}" fill-opacity="0.2"/>`;
    default:
      return `<polygon points="540,160 980,980 100,980" fill="${accent}" fill-opacity="0.15"/><polygon points="300,500 620,1200 -20,1200" fill="${accent}" fill-opacity="0.12"/>`;
  }
}

/** The label split over at most two lines, and a font size that fits the width. */
function labelLines(label: string): { lines: string[]; size: number } {
  const words = label.split(' ');
  const lines = label.length > 11 && words.length > 1 ? [words.slice(0, Math.ceil(words.length / 2)).join(' '), words.slice(Math.ceil(words.length / 2)).join(' ')] : [label];
  const longest = Math.max(...lines.map((l) => l.length));
  return { lines, size: Math.min(170, Math.floor(1700 / Math.max(longest, 6))) };
}

export function demoImageSvg(image: DemoImage): string {
  const [from, to, accent] = image.palette;
  const { lines, size } = labelLines(image.label);
  const top = 675 - ((lines.length - 1) * size * 1.1) / 2 + size * 0.35;
  const text = lines
    .map((line, i) => `<text x="540" y="${Math.round(top + i * size * 1.1)}" font-size="${size}" font-weight="700">${escapeXml(line)}</text>`)
    .join('');
  // Drawn on a 1080×1350 canvas, rendered at the picture's size.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_IMAGE_WIDTH}" height="${DEMO_IMAGE_HEIGHT}" viewBox="0 0 1080 1350">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${decoration(image.pattern, accent)}
<g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="#ffffff" text-anchor="middle">${text}</g></svg>`;
}

/**
 * The picture of a sample moment, made here with sharp (nothing downloaded): a 720×900 WebP
 * and a thumbnail of the size uploads get, so it is stored and served exactly as an upload is.
 */
export async function renderDemoImage(image: DemoImage): Promise<ProcessedImage> {
  const { data, info } = await sharp(Buffer.from(demoImageSvg(image))).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  // Opaque, and the fastest WebP effort: a fifth of the default's time for pictures of ~30 KiB; seeding thousands adds up.
  const encode = async (dimension?: number): Promise<EncodedImage> => {
    let pipeline = sharp(data, raw);
    if (dimension) pipeline = pipeline.resize({ width: dimension, height: dimension, fit: 'inside' });
    const out = await pipeline.webp({ quality: 82, effort: 0 }).toBuffer({ resolveWithObject: true });
    return { data: out.data, extension: 'webp', width: out.info.width, height: out.info.height };
  };
  const [full, thumbnail] = await Promise.all([encode(), encode(DEFAULT_IMAGE_LIMITS.thumbnailDimension)]);
  return { image: full, thumbnail };
}
