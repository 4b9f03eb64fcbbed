import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import type { FileStorage } from './file-storage';
import { createLocalFileStorage } from './local-file-storage';
import { createS3FileStorage } from './s3-file-storage';

/** The S3 bucket when `S3_BUCKET` is set (checked to exist), else the local folder under DATA_DIR. */
export async function createFileStorage(config: Pick<AppConfig, 'dataDir' | 's3'>, logger: Logger): Promise<FileStorage> {
  return config.s3 ? createS3FileStorage(config.s3, logger) : createLocalFileStorage(config.dataDir);
}
