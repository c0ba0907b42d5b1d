import path from 'node:path';

import type { Config } from '../config.js';
import { LocalDiskStorage } from './local-disk-storage.js';
import type { FileStorage } from './storage.js';

/**
 * The uploads store the settings name: an S3-compatible bucket, or DATA_DIR/uploads. The AWS SDK
 * is loaded only for a bucket, so a laptop (and every CLI command on one) does not pay for it.
 */
export async function createStorage(config: Pick<Config, 'storage' | 'dataDir'>): Promise<FileStorage> {
  if (config.storage.kind === 's3') {
    const { S3Storage } = await import('./s3-storage.js');
    return new S3Storage(config.storage);
  }
  return new LocalDiskStorage(path.join(config.dataDir, 'uploads'));
}
