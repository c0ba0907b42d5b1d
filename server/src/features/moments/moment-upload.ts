import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import busboy from 'busboy';

import { AppError, BadRequestError } from '../../errors.js';
import { type ImageFormat, SNIFF_BYTES, sniffImage, sniffVideo, type VideoFormat } from '../../storage/sniff.js';
import { characterCount, isFileSystemError, MOMENT_MESSAGES, momentSaveFailed, type MomentType, type MomentUploadLimits, parseMomentText, parseMomentType } from './moments.schema.js';

/** A file of the upload, already on disk in the temp folder, its kind checked by magic bytes. */
export interface UploadedFile<F extends string> {
  path: string;
  /** The client's file name, cleaned up for messages; never used to name anything. */
  filename: string;
  size: number;
  format: F;
}
export type UploadedImage = UploadedFile<ImageFormat>;
export type UploadedVideo = UploadedFile<VideoFormat>;

export type MomentContent =
  | { type: 'text'; text: string }
  | { type: 'image'; images: UploadedImage[] }
  | { type: 'video'; video: UploadedVideo };

/**
 * A validated moment upload. Whoever receives it calls `discard()` when done (temp files go).
 * `caption` is set only when the options allow one and a non-blank caption was sent.
 */
export type MomentUpload = MomentContent & { caption?: string; discard(): Promise<void> };

export interface MomentUploadOptions {
  /** Where files are written while they arrive (DATA_DIR/tmp/uploads). */
  tempDir: string;
  limits: MomentUploadLimits;
  /** Accept a `caption` field of at most this many characters (posted moments); unset: a caption is refused. */
  captionMaxLength?: number;
}

const FIELD_NAMES = { type: 'type', text: 'text', caption: 'caption', images: 'images', video: 'video' } as const;

/** The file name for messages: no path, no control characters, not too long. */
export function displayName(filename: string | undefined, fallback: string): string {
  const name = path.basename((filename ?? '').replace(/\\/g, '/'))
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim();
  if (!name) return fallback;
  return name.length > 80 ? `${name.slice(0, 77)}...` : name;
}

/** Counts and sniffs a file as it streams through; errors the moment it is too large or of the wrong kind. */
class FileGuard<F extends string> extends Transform {
  size = 0;
  format: F | null = null;
  private head = Buffer.alloc(0);

  constructor(
    private readonly maxBytes: number,
    private readonly sniff: (head: Buffer) => F | null,
    private readonly tooLarge: () => AppError,
    private readonly wrongKind: () => AppError,
  ) {
    super();
  }

  private check(): AppError | null {
    this.format = this.sniff(this.head);
    return this.format === null ? this.wrongKind() : null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.format === null && this.head.length < SNIFF_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
      if (this.head.length >= SNIFF_BYTES) {
        const error = this.check();
        if (error) return callback(error);
      }
    }
    if (this.size > this.maxBytes) return callback(this.tooLarge());
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.format === null ? this.check() : null);
  }
}

function isMultipart(req: IncomingMessage): boolean {
  return /^multipart\/form-data\s*(;|$)/i.test(req.headers['content-type'] ?? '');
}

const tempName = () => `${randomBytes(16).toString('hex')}.part`;

/**
 * Parses a moment upload (multipart/form-data: `type`, `text`, repeated `images` files or one
 * `video` file) while it streams in: files go to temp files on disk, each counted and sniffed as
 * it arrives, so an oversized or disguised file is stopped at once and nothing large is ever held
 * in memory. On any error every temp file is deleted, the rest of the body is discarded and the
 * promise rejects with an AppError that says what is wrong. Used by PUT /api/profile/first-moment
 * and by POST /api/moments, which also takes a `caption` (options.captionMaxLength).
 */
export async function parseMomentUpload(req: IncomingMessage, options: MomentUploadOptions): Promise<MomentUpload> {
  if (!isMultipart(req)) throw new AppError(415, 'unsupported_media_type', MOMENT_MESSAGES.notMultipart);
  const { limits, tempDir } = options;
  try {
    await mkdir(tempDir, { recursive: true });
  } catch (error) {
    throw momentSaveFailed(error);
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: {
        fieldNameSize: 100,
        // The text may be 4 bytes a character; anything longer is too long whatever it holds.
        fieldSize: limits.maxTextLength * 4 + 1024,
        fields: 4,
        files: limits.maxImages + 1,
        parts: limits.maxImages + 4,
        fileSize: Math.max(limits.maxImageBytes, limits.maxVideoBytes) + 1,
        headerPairs: 20,
      },
    });
  } catch {
    throw new BadRequestError(MOMENT_MESSAGES.malformed, 'malformed_upload');
  }

  return new Promise<MomentUpload>((resolve, reject) => {
    const fields = new Map<string, string>();
    const images: UploadedImage[] = [];
    const videos: UploadedVideo[] = [];
    const tempPaths: string[] = [];
    const writes: Promise<unknown>[] = [];
    // Aborting stops every file still being written (pipeline then destroys all its streams).
    const abort = new AbortController();
    let declaredType: MomentType | undefined;
    let settled = false;

    const discard = async () => {
      await Promise.allSettled(writes);
      await Promise.all(tempPaths.map((file) => rm(file, { force: true })));
    };

    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      // Stop reading into the parser, let the client finish sending into the void so it can read
      // our answer, and stop every file still being written.
      req.unpipe(parser);
      parser.on('error', () => undefined);
      req.on('error', () => undefined);
      req.resume();
      abort.abort();
      const reason = error instanceof AppError ? error : isFileSystemError(error) ? momentSaveFailed(error) : new BadRequestError(MOMENT_MESSAGES.malformed, 'malformed_upload');
      discard().then(
        () => reject(reason),
        () => reject(reason),
      );
    };

    /** Fails at once when a file does not belong to the moment type already chosen. */
    const checkKindAgainstType = (kind: 'images' | 'video') => {
      if (declaredType && declaredType !== (kind === 'images' ? 'image' : 'video')) {
        throw new BadRequestError(MOMENT_MESSAGES.wrongFiles(declaredType), 'unexpected_field');
      }
    };

    parser.on('field', (name, value, info) => {
      if (settled) return;
      try {
        const known = name === FIELD_NAMES.type || name === FIELD_NAMES.text || (name === FIELD_NAMES.caption && options.captionMaxLength !== undefined);
        if (info.nameTruncated || !known || fields.has(name)) {
          throw new BadRequestError(MOMENT_MESSAGES.unexpectedField(name.slice(0, 40)), 'unexpected_field');
        }
        if (name === FIELD_NAMES.text && info.valueTruncated) {
          throw new BadRequestError(MOMENT_MESSAGES.textTooLong(limits.maxTextLength), 'text_too_long');
        }
        if (name === FIELD_NAMES.caption) parseCaption(value, options.captionMaxLength!, info.valueTruncated);
        fields.set(name, value);
        if (name === FIELD_NAMES.type) {
          declaredType = parseMomentType(value);
          if (images.length > 0) checkKindAgainstType('images');
          if (videos.length > 0) checkKindAgainstType('video');
        }
      } catch (error) {
        fail(error);
      }
    });

    parser.on('file', (name, stream, info) => {
      if (settled) {
        stream.resume();
        return;
      }
      try {
        if (name !== FIELD_NAMES.images && name !== FIELD_NAMES.video) {
          throw new BadRequestError(MOMENT_MESSAGES.unexpectedField(name.slice(0, 40)), 'unexpected_field');
        }
        checkKindAgainstType(name);
        if (name === FIELD_NAMES.images && images.length >= limits.maxImages) throw new BadRequestError(MOMENT_MESSAGES.tooManyImages, 'too_many_images');
        if (name === FIELD_NAMES.video && videos.length >= 1) throw new BadRequestError(MOMENT_MESSAGES.oneVideo, 'too_many_videos');
      } catch (error) {
        stream.resume();
        fail(error);
        return;
      }

      const tempPath = path.join(tempDir, tempName());
      tempPaths.push(tempPath);
      /** Streams the file through its guard to the temp file; settles once the file is closed. */
      const save = (source: Readable, guard: Transform): Promise<void> => {
        const file = createWriteStream(tempPath, { flags: 'wx' });
        const closed = new Promise<void>((resolve) => file.once('close', () => resolve()));
        return pipeline(source, guard, file, { signal: abort.signal }).finally(() => closed);
      };
      let write: Promise<void>;
      if (name === FIELD_NAMES.images) {
        const filename = displayName(info.filename, 'Image');
        const guard = new FileGuard<ImageFormat>(
          limits.maxImageBytes,
          sniffImage,
          () => new AppError(413, 'file_too_large', MOMENT_MESSAGES.imageTooLarge(filename, limits.maxImageBytes)),
          () => new AppError(415, 'unsupported_file_type', MOMENT_MESSAGES.imageKind),
        );
        const image: UploadedImage = { path: tempPath, filename, size: 0, format: 'png' };
        images.push(image);
        write = save(stream, guard).then(() => {
          image.size = guard.size;
          image.format = guard.format!;
        });
      } else {
        const filename = displayName(info.filename, 'Video');
        const guard = new FileGuard<VideoFormat>(
          limits.maxVideoBytes,
          sniffVideo,
          () => new AppError(413, 'file_too_large', MOMENT_MESSAGES.videoTooLarge(limits.maxVideoBytes)),
          () => new AppError(415, 'unsupported_file_type', MOMENT_MESSAGES.videoKind),
        );
        const video: UploadedVideo = { path: tempPath, filename, size: 0, format: 'mp4' };
        videos.push(video);
        write = save(stream, guard).then(() => {
          video.size = guard.size;
          video.format = guard.format!;
        });
      }
      writes.push(write);
      write.catch(fail);
    });

    parser.on('filesLimit', () => fail(new BadRequestError(MOMENT_MESSAGES.tooManyParts, 'too_many_parts')));
    parser.on('fieldsLimit', () => fail(new BadRequestError(MOMENT_MESSAGES.tooManyParts, 'too_many_parts')));
    parser.on('partsLimit', () => fail(new BadRequestError(MOMENT_MESSAGES.tooManyParts, 'too_many_parts')));
    parser.on('error', fail);
    req.on('error', fail);
    req.on('close', () => {
      if (!req.complete) fail(new BadRequestError(MOMENT_MESSAGES.malformed, 'upload_aborted'));
    });

    parser.on('close', () => {
      Promise.all(writes).then(() => {
        if (settled) return;
        try {
          const content = assemble(parseMomentType(fields.get(FIELD_NAMES.type)), fields.get(FIELD_NAMES.text), images, videos, limits);
          // A caption belongs to an image or a video; on a text moment it is ignored, like text sent with files.
          const caption = content.type === 'text' ? '' : (fields.get(FIELD_NAMES.caption)?.trim() ?? '');
          settled = true;
          resolve(caption === '' ? { ...content, discard } : { ...content, caption, discard });
        } catch (error) {
          fail(error);
        }
      }, fail);
    });

    req.pipe(parser);
  });
}

/** A caption is optional; too long is refused while the form streams in. */
function parseCaption(value: string, maxLength: number, truncated: boolean): void {
  if (truncated || characterCount(value.trim()) > maxLength) {
    throw new BadRequestError(MOMENT_MESSAGES.captionTooLong(maxLength), 'caption_too_long');
  }
}

function assemble(type: MomentType, text: string | undefined, images: UploadedImage[], videos: UploadedVideo[], limits: MomentUploadLimits): MomentContent {
  switch (type) {
    case 'text':
      if (images.length > 0 || videos.length > 0) throw new BadRequestError(MOMENT_MESSAGES.wrongFiles(type), 'unexpected_field');
      return { type, text: parseMomentText(text, limits.maxTextLength) };
    // A text field sent along with files is ignored: the saved moment has only the chosen type's content.
    case 'image':
      if (videos.length > 0) throw new BadRequestError(MOMENT_MESSAGES.wrongFiles(type), 'unexpected_field');
      if (images.length === 0) throw new BadRequestError(MOMENT_MESSAGES.imagesRequired, 'images_required');
      return { type, images };
    case 'video':
      if (images.length > 0) throw new BadRequestError(MOMENT_MESSAGES.wrongFiles(type), 'unexpected_field');
      if (videos.length === 0) throw new BadRequestError(MOMENT_MESSAGES.videoRequired, 'video_required');
      return { type, video: videos[0]! };
  }
}
