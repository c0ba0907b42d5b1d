import { AppError } from '../../errors.js';
import { ImageRejectedError, type ImageLimits, processImage } from '../../storage/images.js';
import { type FileStorage, newKey, variantKey } from '../../storage/storage.js';
import type { UploadedImage, UploadedVideo } from './moment-upload.js';
import { MOMENT_MESSAGES } from './moments.schema.js';

/**
 * Storing a moment's files, shared by the first moment and posted moments. Each key is recorded
 * in `written` before its file is saved, so a caller can remove everything if a later step fails.
 */

/** Re-encodes one image (metadata stripped, resized, a thumbnail) and stores both; returns the image's URL. */
export async function storeMomentImage(storage: FileStorage, upload: UploadedImage, limits: ImageLimits, written: string[]): Promise<string> {
  let processed;
  try {
    processed = await processImage(upload.path, upload.format, limits);
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    if (error.reason === 'too_many_pixels') {
      throw new AppError(422, 'image_too_many_pixels', MOMENT_MESSAGES.imagePixels(upload.filename, limits.maxInputPixels));
    }
    throw new AppError(422, 'invalid_image', MOMENT_MESSAGES.imageUnreadable(upload.filename));
  }
  const key = newKey(processed.image.extension);
  const thumbKey = variantKey(key, 'thumb', processed.thumbnail.extension);
  written.push(key, thumbKey);
  const { url } = await storage.save(key, processed.image.data);
  await storage.save(thumbKey, processed.thumbnail.data);
  return url;
}

/** Stores a video as sent (its kind was checked by magic bytes while it arrived); returns its URL. */
export async function storeMomentVideo(storage: FileStorage, video: UploadedVideo, written: string[]): Promise<string> {
  const key = newKey(video.format);
  written.push(key);
  const { url } = await storage.save(key, { filePath: video.path });
  return url;
}
