import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../plugins/errors.ts';
import { writeUpload } from './uploads.storage.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const RULE = { ext: 'png', kind: 'image' as const };

/** A store whose write ends the request body (as a failed send does) and then fails with `err`. */
const failingStore = (source: Readable, err: Error) => ({
  write: async () => {
    source.destroy();
    throw err;
  },
});

describe('writeUpload when the store fails (ADR 0059)', () => {
  it('passes the bucket being down on as it is (a 503), not as an interrupted upload', async () => {
    const source = Readable.from([PNG]);
    const outage = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {
      code: 'ECONNREFUSED',
      $metadata: { attempts: 2 },
    });
    await expect(writeUpload(source, failingStore(source, outage), 'uploads/a.png', RULE, 'image/png')).rejects.toBe(outage);
  });

  it('still calls it an interrupted upload when the client went away', async () => {
    const source = Readable.from([PNG]);
    const gone = new Error('aborted');
    const failed = writeUpload(source, failingStore(source, gone), 'uploads/a.png', RULE, 'image/png');
    await expect(failed).rejects.toBeInstanceOf(AppError);
    await expect(failed).rejects.toMatchObject({ statusCode: 400, code: 'UPLOAD_INTERRUPTED' });
  });
});
