import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { AppError } from '../core/app-error';
import type { FileStorage } from './file-storage';
import { objectPath } from './storage-keys';

/** A store that does not answer within this fails the request (a download already streaming is not cut by it). */
const REQUEST_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 5_000;

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** The store failing (down, refusing, misconfigured) is the server's trouble, not the request's: 503, cause logged. */
function unavailable(logger: Logger, error: unknown): AppError {
  if (error instanceof AppError) return error;
  logger.warn({ err: error }, 'file storage request failed');
  const wrapped = new AppError(503, 'SERVICE_UNAVAILABLE', 'File storage is unavailable');
  wrapped.cause = error;
  return wrapped;
}

function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    // Newer SDKs add CRC32 checksum headers that MinIO and other S3-compatible servers may reject.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
}

/**
 * Files as objects in one bucket every node shares, named like the local layout under `S3_PREFIX`
 * (storage-keys.ts). The bucket must exist: it is checked at start and the server refuses to start
 * without it. Downloads stream through the API (decision 0029), so the bucket stays private.
 */
export async function createS3FileStorage(config: S3Config, logger: Logger): Promise<FileStorage> {
  const client = s3Client(config);
  const Bucket = config.bucket;
  try {
    await client.send(new HeadBucketCommand({ Bucket }));
  } catch (error) {
    client.destroy();
    const why = isNotFound(error) ? 'does not exist' : `cannot be reached (${error instanceof Error ? error.name : String(error)})`;
    throw new Error(`S3 bucket "${Bucket}" at ${config.endpoint ?? 'AWS'} ${why}: create it, or check S3_ENDPOINT and the keys`, { cause: error });
  }
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'agentroom-incoming-'));
  const Key = (space: Parameters<typeof objectPath>[0], key: string) => `${config.prefix}${objectPath(space, key)}`;

  return {
    kind: 's3',
    tempDir,
    async put(space, key, source, contentType) {
      const name = Key(space, key);
      const stream = Buffer.isBuffer(source) ? undefined : createReadStream(source.file);
      // S3 needs the length of a streamed body up front; a finished file has one.
      const length = Buffer.isBuffer(source) ? source.length : (await stat(source.file)).size;
      try {
        const Body = Buffer.isBuffer(source) ? source : stream;
        await client.send(new PutObjectCommand({ Bucket, Key: name, ContentType: contentType, Body, ContentLength: length }));
      } catch (error) {
        throw unavailable(logger, error);
      } finally {
        stream?.destroy();
      }
    },
    async get(space, key) {
      const name = Key(space, key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        return { body: answer.Body as Readable, size: answer.ContentLength ?? 0, contentType: answer.ContentType };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw unavailable(logger, error);
      }
    },
    async read(space, key) {
      const name = Key(space, key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw unavailable(logger, error);
      }
    },
    async delete(space, key) {
      const name = Key(space, key);
      // S3 answers a delete of a missing object with success.
      await client.send(new DeleteObjectCommand({ Bucket, Key: name })).catch((error: unknown) => {
        if (!isNotFound(error)) throw unavailable(logger, error);
      });
    },
    async exists(space, key) {
      const name = Key(space, key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: name }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw unavailable(logger, error);
      }
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async close() {
      client.destroy();
      await rm(tempDir, { recursive: true, force: true });
    },
  };
}
