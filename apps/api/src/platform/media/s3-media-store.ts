import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  createMediaSigner,
  createMediaStore,
  isDemoMediaPath,
  isSafeMediaPath,
  type MediaStore,
  type StoredMedia,
} from './media-store.ts';

/** Parts of a multipart upload: S3's smallest allowed part, so at most 5 MiB of a file is in memory. */
const PART_BYTES = 5 * 1024 * 1024;

export interface S3Settings {
  bucket: string;
  /** AWS_ENDPOINT_URL_S3: an S3-compatible server; addressed path-style (bucket in the path). */
  endpoint?: string | undefined;
  region?: string | undefined;
  /** Explicit keys (tests); otherwise the SDK's own chain reads AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY. */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** The S3 client for these settings: path-style whenever an endpoint is named (ADR 0059). */
function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region ?? 'us-east-1',
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // One retry: a media request waits on this, and the SDK's default backs off for seconds.
    maxAttempts: 2,
  });
}

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey');

/**
 * The media store on S3-compatible object storage (ADR 0059): uploads and their reads go to one
 * bucket every instance shares, so a file uploaded through one instance is served by all. URLs stay
 * the site's own signed, expiring ones (ADR 0017) and the bytes pass through the instance, so the
 * bucket stays private and premium media is never reachable without the site's signature. The
 * committed demo media is still read from the repository, which every instance has.
 */
export function createS3MediaStore(options: {
  secret: string;
  s3: S3Settings;
  client?: S3Client;
  demoDir?: string | null;
  /** This host's folder for work in progress (resumable uploads, transcodes): MEDIA_DIR. */
  scratchRoot: string;
}): MediaStore & { client: S3Client } {
  const client = options.client ?? createS3Client(options.s3);
  const Bucket = options.s3.bucket;
  // Only its demo half is used: the repository's demo folder, read as files.
  const demo = createMediaStore({ secret: options.secret, mediaDir: '/nonexistent', demoDir: options.demoDir });
  const keyOf = (mediaPath: string): string => {
    if (!isSafeMediaPath(mediaPath) || isDemoMediaPath(mediaPath)) throw new Error(`not a storable media path: ${mediaPath}`);
    return mediaPath;
  };

  const remove = async (mediaPath: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(mediaPath) }));
  };

  return {
    ...createMediaSigner(options.secret),
    kind: 's3',
    remove,
    async removeFolder(mediaPath) {
      const Prefix = `${keyOf(mediaPath)}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        // One DELETE per object: a folder of renditions is tens of objects, and single deletes need
        // no checksum header that S3-compatible servers answer differently (ADR 0059).
        for (const object of page.Contents ?? []) {
          if (object.Key) await client.send(new DeleteObjectCommand({ Bucket, Key: object.Key }));
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async list(folder, limit) {
      if (!isSafeMediaPath(folder)) return [];
      if (folder === 'demo') return demo.list(folder, limit);
      const found: StoredMedia[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${folder}/`, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (found.length >= limit) break;
          // Keys the store would never write (or read) are not offered either.
          if (!object.Key || !isSafeMediaPath(object.Key)) continue;
          found.push({ mediaPath: object.Key, size: object.Size ?? 0, modified: object.LastModified ?? null });
        }
        ContinuationToken = page.IsTruncated && found.length < limit ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },
    client,
    resolveFile: (mediaPath) => (isDemoMediaPath(mediaPath) ? demo.resolveFile(mediaPath) : null),
    scratchDir: (name) => path.join(path.resolve(options.scratchRoot), `.${name}`),
    async stat(mediaPath) {
      if (!isSafeMediaPath(mediaPath)) return null;
      if (isDemoMediaPath(mediaPath)) return demo.stat(mediaPath);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(mediaPath) }));
        return { size: head.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async read(mediaPath, range) {
      if (isDemoMediaPath(mediaPath)) return demo.read(mediaPath, range);
      const answer = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: keyOf(mediaPath),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error('the S3 client answered without a stream');
      return answer.Body;
    },
    async write(mediaPath, source, contentType) {
      // Multipart from the first full part on, one PUT below it; S3 shows an object only once it
      // is complete, and a failed upload aborts its parts (leavePartsOnError is false).
      const upload = new Upload({
        client,
        params: { Bucket, Key: keyOf(mediaPath), Body: source, ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: 1,
      });
      // The SDK wraps some stream failures; the source's own error (a refused file) is the one to tell.
      let sourceError: unknown = null;
      source.once('error', (err) => (sourceError = err));
      try {
        await upload.done();
      } catch (err) {
        throw sourceError ?? err;
      }
      if (sourceError) {
        await remove(mediaPath);
        throw sourceError;
      }
    },
  };
}
