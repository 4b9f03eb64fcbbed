// s3rver ships no types; this is the part the tests use.
declare module 's3rver' {
  import type { Server } from 'node:http';
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    readonly httpServer: Server;
    logger: { close(): unknown };
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
