import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { AppError } from '../../src/core/app-error';
import { createFileStorage } from '../../src/storage/create-file-storage';
import type { FileStorage } from '../../src/storage/file-storage';
import { InvalidStorageKeyError } from '../../src/storage/storage-keys';
import { startTestS3, type TestS3 } from './s3-server';

const logger = pino({ level: 'silent' });

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const exportKey = () => `${randomUUID()}-${randomUUID()}.zip`;

interface Backend {
  name: string;
  open(): Promise<FileStorage>;
  cleanUp(): Promise<void>;
}

let s3: TestS3 | undefined;
let dataDir = '';
const backends: Backend[] = [
  {
    name: 'local folder',
    open: async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'agentroom-storage-'));
      return createFileStorage(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) }), logger);
    },
    cleanUp: () => rm(dataDir, { recursive: true, force: true }),
  },
  {
    name: 'S3 (s3rver)',
    open: async () => {
      s3 = await startTestS3();
      return createFileStorage(loadConfig({ DATA_DIR: 'memory://', JWT_SECRET: 'x'.repeat(32), ...s3.env, S3_PREFIX: 'agentroom/' }), logger);
    },
    cleanUp: async () => s3?.close(),
  },
];

describe.each(backends)('file storage contract: $name', (backend) => {
  let files: FileStorage;
  beforeAll(async () => {
    files = await backend.open();
  });
  afterAll(async () => {
    await files?.close();
    await backend.cleanUp();
  });

  it('gives back what was put, as a stream and whole, until it is deleted', async () => {
    const key = randomUUID();
    const bytes = Buffer.from('hello, shared storage');
    await files.put('uploads', key, bytes, 'text/plain');
    expect(await files.exists('uploads', key)).toBe(true);
    const stored = await files.get('uploads', key);
    expect(stored?.size).toBe(bytes.length);
    expect(await bytesOf(stored!.body)).toEqual(bytes);
    expect(await files.read('uploads', key)).toEqual(bytes);

    await files.delete('uploads', key);
    expect(await files.exists('uploads', key)).toBe(false);
    expect(await files.get('uploads', key)).toBeUndefined();
    // Deleting again is fine: two nodes may sweep the same file.
    await files.delete('uploads', key);
  });

  it('answers undefined (not an error) for a file that was never there', async () => {
    const key = randomUUID();
    expect(await files.get('avatars', key)).toBeUndefined();
    expect(await files.read('exports', exportKey())).toBeUndefined();
    expect(await files.exists('uploads', key)).toBe(false);
    await expect(files.delete('avatars', key)).resolves.toBeUndefined();
  });

  it('keeps the three spaces apart under one key', async () => {
    const key = randomUUID();
    await files.put('uploads', key, Buffer.from('an attachment'), 'text/plain');
    await files.put('avatars', key, Buffer.from('an avatar'), 'image/webp');
    expect((await files.read('uploads', key))!.toString()).toBe('an attachment');
    expect((await files.read('avatars', key))!.toString()).toBe('an avatar');
    await files.delete('avatars', key);
    expect(await files.exists('uploads', key)).toBe(true);
  });

  it('streams a large file in from disk and back out byte for byte', async () => {
    const source = path.join(files.tempDir, 'large-export');
    const bytes = randomBytes(12 * 1024 * 1024 + 17);
    await writeFile(source, bytes);
    const key = exportKey();
    await files.put('exports', key, { file: source }, 'application/zip');
    await rm(source, { force: true });
    const stored = await files.get('exports', key);
    expect(stored?.size).toBe(bytes.length);
    expect(sha(await bytesOf(stored!.body))).toBe(sha(bytes));
  });

  it('refuses keys that are not its own random names, before touching anything', async () => {
    const bad = ['../jwt-secret', '..', `${randomUUID()}/../x`, 'a/b', `${randomUUID()}\0`, '', ' ', '/etc/passwd', `..\\${randomUUID()}`, `${randomUUID()}.zip`];
    for (const key of bad) {
      await expect(files.put('uploads', key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(files.get('uploads', key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(files.read('avatars', key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(files.delete('avatars', key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(files.exists('exports', key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    // An upload's key is no export key, and the other way round.
    await expect(files.put('exports', randomUUID(), Buffer.from('x'), 'application/zip')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(files.put('uploads', exportKey(), Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('answers the readiness check', async () => {
    await expect(files.check()).resolves.toBeUndefined();
  });
});

describe('local folder layout', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'agentroom-layout-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads the files an existing install has under DATA_DIR/uploads, and writes new ones there', async () => {
    const upload = randomUUID();
    const avatar = randomUUID();
    await mkdir(path.join(dir, 'uploads', 'avatars'), { recursive: true });
    // What a process that died two days ago left on its way in goes; another process's current file stays.
    const incoming = path.join(dir, 'uploads', '.incoming', 'node-other');
    await mkdir(incoming, { recursive: true });
    const dead = path.join(incoming, 'half-an-upload');
    const alive = path.join(incoming, 'arriving-now');
    await writeFile(dead, 'x');
    await writeFile(alive, 'y');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await utimes(dead, twoDaysAgo, twoDaysAgo);
    await writeFile(path.join(dir, 'uploads', upload), 'from before');
    await writeFile(path.join(dir, 'uploads', 'avatars', `${avatar}.webp`), 'an old avatar');
    const files = await createFileStorage({ dataDir: dir, s3: undefined }, logger);
    try {
      expect((await files.read('uploads', upload))!.toString()).toBe('from before');
      expect((await files.read('avatars', avatar.toUpperCase()))!.toString()).toBe('an old avatar');
      const key = exportKey();
      await files.put('exports', key, Buffer.from('zip'), 'application/zip');
      expect(await readFile(path.join(dir, 'uploads', 'exports', key), 'utf8')).toBe('zip');
      expect(existsSync(dead)).toBe(false);
      expect(existsSync(alive)).toBe(true);
    } finally {
      await files.close();
    }
    // The data folder stays; only this process's incoming folder goes.
    expect((await readFile(path.join(dir, 'uploads', upload))).toString()).toBe('from before');
  });
});

describe('S3 going away', () => {
  let store: TestS3;
  let files: FileStorage;
  beforeAll(async () => {
    store = await startTestS3();
    files = await createFileStorage(loadConfig({ DATA_DIR: 'memory://', JWT_SECRET: 'x'.repeat(32), ...store.env }), logger);
  });
  afterAll(async () => {
    await files?.close();
    await store?.close();
  });

  it('ends a download under way with an error, then answers 503 for every call and fails readiness', async () => {
    const key = randomUUID();
    await files.put('uploads', key, randomBytes(8 * 1024 * 1024), 'application/octet-stream');
    const stored = await files.get('uploads', key);
    const body = stored!.body;
    const reading = bytesOf(body);
    await new Promise((resolve) => body.once('data', resolve));
    await store.kill();
    await expect(reading).rejects.toThrow();

    const failure = await files.get('uploads', key).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    await expect(files.check()).rejects.toThrow();
  });
});

describe('S3 settings', () => {
  const base = { DATA_DIR: 'memory://', JWT_SECRET: 'x'.repeat(32) };

  it('refuses settings that cannot work, saying which', () => {
    expect(() => loadConfig({ ...base, S3_BUCKET: 'files', S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_PREFIX: '../up' })).toThrow(/S3_PREFIX/);
    expect(loadConfig(base).s3).toBeUndefined();
    expect(loadConfig({ ...base, S3_BUCKET: 'files', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_FORCE_PATH_STYLE: 'true' }).s3).toEqual({
      bucket: 'files',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
      prefix: '',
    });
  });

  it('refuses to start on a bucket that does not exist', async () => {
    const store = await startTestS3();
    try {
      const config = loadConfig({ ...base, ...store.env, S3_BUCKET: 'no-such-bucket' });
      await expect(createFileStorage(config, logger)).rejects.toThrow(/S3 bucket "no-such-bucket" .* does not exist/);
    } finally {
      await store.close();
    }
  });
});
