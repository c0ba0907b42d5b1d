import path from 'node:path';

import type { Config } from '../config.js';
import { LocalDiskStorage } from './local-disk-storage.js';
import { S3Storage } from './s3-storage.js';
import type { FileStorage } from './storage.js';

/** The uploads store the settings name: an S3-compatible bucket, or DATA_DIR/uploads. */
export function createStorage(config: Pick<Config, 'storage' | 'dataDir'>): FileStorage {
  return config.storage.kind === 's3' ? new S3Storage(config.storage) : new LocalDiskStorage(path.join(config.dataDir, 'uploads'));
}
