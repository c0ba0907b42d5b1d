import type { Metadata, Sharp } from 'sharp';

/** sharp (a native library) is loaded on the first image, not with every process that never sees one (the CLI, most tests). */
const loadSharp = async () => (await import('sharp')).default;

import type { ImageFormat } from './sniff.js';
import type { StoredExtension } from './storage.js';

export interface ImageLimits {
  /** Larger inputs are refused before they are decoded (a "pixel flood"). */
  maxInputPixels: number;
  /** The long side of the stored image. */
  maxDimension: number;
  /** The long side of the thumbnail. */
  thumbnailDimension: number;
}

export const DEFAULT_IMAGE_LIMITS: ImageLimits = {
  maxInputPixels: 40_000_000,
  maxDimension: 2048,
  thumbnailDimension: 480,
};

export interface EncodedImage {
  data: Buffer;
  extension: StoredExtension;
  width: number;
  height: number;
}

export interface ProcessedImage {
  image: EncodedImage;
  thumbnail: EncodedImage;
}

/** Why an image could not be processed; the caller words it for the member. */
export class ImageRejectedError extends Error {
  constructor(
    readonly reason: 'too_many_pixels' | 'unreadable' | 'format_mismatch',
    message: string,
  ) {
    super(message);
    this.name = 'ImageRejectedError';
  }
}

const EXTENSIONS: Record<ImageFormat, StoredExtension> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

function encode(pipeline: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 85, mozjpeg: true });
    case 'png':
      return pipeline.png({ compressionLevel: 6 });
    case 'webp':
      return pipeline.webp({ quality: 85 });
  }
}

async function render(input: string | Buffer, format: ImageFormat, limits: ImageLimits, dimension: number): Promise<EncodedImage> {
  const sharp = await loadSharp();
  // sharp writes no metadata (EXIF, GPS, XMP, IPTC, comments) unless asked to, and converts to sRGB.
  // autoOrient applies the EXIF orientation first, so dropping it does not turn photos sideways.
  const pipeline = sharp(input, { limitInputPixels: limits.maxInputPixels, failOn: 'error', autoOrient: true }).resize({
    width: dimension,
    height: dimension,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const { data, info } = await encode(pipeline, format).toBuffer({ resolveWithObject: true });
  return { data, extension: EXTENSIONS[format], width: info.width, height: info.height };
}

/**
 * Re-encodes an uploaded image (a file on disk) in its own format: at most `maxDimension` on the
 * long side, plus a thumbnail, with all metadata stripped. `expected` is what its magic bytes
 * said; sharp must agree.
 */
export async function processImage(input: string | Buffer, expected: ImageFormat, limits: ImageLimits = DEFAULT_IMAGE_LIMITS): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: limits.maxInputPixels }).metadata();
  } catch (error) {
    throw rejection(error);
  }
  if (metadata.format !== expected) throw new ImageRejectedError('format_mismatch', `Expected ${expected}, found ${metadata.format}`);
  const { width, height } = metadata;
  if (!width || !height) throw new ImageRejectedError('unreadable', 'The image has no dimensions');
  if (width * height > limits.maxInputPixels) throw new ImageRejectedError('too_many_pixels', `${width}x${height} is over the pixel limit`);

  try {
    const image = await render(input, expected, limits, limits.maxDimension);
    const thumbnail = await render(image.data, expected, limits, limits.thumbnailDimension);
    return { image, thumbnail };
  } catch (error) {
    throw rejection(error);
  }
}

function rejection(error: unknown): ImageRejectedError {
  const message = error instanceof Error ? error.message : String(error);
  return new ImageRejectedError(/pixel limit/i.test(message) ? 'too_many_pixels' : 'unreadable', message);
}

/**
 * An uploaded image made into a PNG of an exact size (`cover`: cropped to fill it, as an avatar)
 * or at most that size (`inside`: the whole image kept, as a background). Re-encoding drops every
 * byte of metadata and anything hidden after the image data.
 */
export async function renderPng(input: Buffer, expected: ImageFormat, box: { width: number; height: number; fit: 'cover' | 'inside' }, maxInputPixels: number): Promise<EncodedImage> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: maxInputPixels }).metadata();
  } catch (error) {
    throw rejection(error);
  }
  if (metadata.format !== expected) throw new ImageRejectedError('format_mismatch', `Expected ${expected}, found ${metadata.format}`);
  if (!metadata.width || !metadata.height) throw new ImageRejectedError('unreadable', 'The image has no dimensions');
  if (metadata.width * metadata.height > maxInputPixels) throw new ImageRejectedError('too_many_pixels', `${metadata.width}x${metadata.height} is over the pixel limit`);
  try {
    const { data, info } = await sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error', autoOrient: true })
      .resize({ width: box.width, height: box.height, fit: box.fit, withoutEnlargement: box.fit === 'inside' })
      .png({ compressionLevel: 6 })
      .toBuffer({ resolveWithObject: true });
    return { data, extension: 'png', width: info.width, height: info.height };
  } catch (error) {
    throw rejection(error);
  }
}
