import path from 'node:path';
import type { Config } from '../config';
import type { FileStorage } from './file-storage';
import { folderStorage } from './folder-storage';
import { s3Storage } from './s3-storage';

/** S3-compatible storage when S3_BUCKET is set; otherwise the folder DATA_DIR/uploads. */
export function createStorage(config: Config): FileStorage {
  if (config.S3_BUCKET) {
    return s3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return folderStorage(path.resolve(config.DATA_DIR, 'uploads'));
}

export type { FileStorage } from './file-storage';
