import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error -- s3rver ships no type declarations; the part used is typed below.
import S3rverModule from 's3rver';

const S3rver = S3rverModule as new (options: object) => { run(): Promise<AddressInfo>; close(): Promise<void> };

/** s3rver accepts requests signed with these keys (its defaults). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-compatible server on a free loopback port, its objects in a temporary folder (ADR 0059):
 * the tests speak the S3 protocol through the AWS SDK to it, as production speaks to a bucket.
 */
export async function startS3Server(bucket: string): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), 'fretline-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
