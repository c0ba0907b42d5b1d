import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import S3rver from 's3rver';

export interface S3StandIn {
  /** The settings that point Kindred's storage at it. */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  directory: string;
  close(): Promise<void>;
}

/**
 * A local S3 server (s3rver: the S3 REST API, signatures checked, objects on disk) with one bucket,
 * so storage is tested over the same protocol as MinIO or AWS S3. Its fixed credentials are
 * S3RVER / S3RVER.
 */
export async function startS3StandIn(bucket = 'kindred-uploads'): Promise<S3StandIn> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'kindred-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' },
    endpoint,
    bucket,
    directory,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
