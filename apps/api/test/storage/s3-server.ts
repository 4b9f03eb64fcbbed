import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's fixed development keys (it checks signatures against them). */
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The environment that points a server at this bucket. */
  env: Record<string, string>;
  /** Cuts every open connection and stops answering (the store going away). */
  kill(): Promise<void>;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on a free port with its own folder, and one fresh bucket in it. */
export async function startTestS3(bucket = `bucket-${Math.random().toString(36).slice(2, 10)}`): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'agentroom-s3rver-'));
  // The SDK warns once per process that its releases from 2027 need Node 22; the tests run on 20.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  // A response cut short by `kill` is logged after the server closed: keep its (silent) log open for it.
  server.logger.close = () => undefined;
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: KEYS });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    server.httpServer.closeAllConnections();
    await server.close();
  };
  return {
    endpoint,
    bucket,
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: KEYS.accessKeyId, S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey, S3_FORCE_PATH_STYLE: 'true' },
    kill: stop,
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
