import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageKey, type FileStorage } from './file-storage';

export interface S3Options {
  bucket: string;
  /** Blank: AWS S3 itself. */
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Blank: the SDK's default credential chain. */
  accessKeyId?: string;
  secretAccessKey?: string;
}

const notFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata?.httpStatusCode === 404);

/**
 * S3-compatible storage. Uploads stream through lib-storage's `Upload` (5 MB
 * parts, at most two in memory); when the body stream fails, the upload is
 * aborted (a multipart upload's parts are discarded), so no object appears.
 */
export function s3Storage(options: S3Options): FileStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
  });
  const Bucket = options.bucket;
  const checked = (key: string) => {
    assertStorageKey(key);
    return key;
  };

  return {
    kind: 's3',
    async put(key, body, { contentType }) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: checked(key), Body: body, ContentType: contentType },
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // A stream failure before the first part was sent leaves nothing; after, Upload has aborted the multipart upload.
        body.destroy();
        throw error;
      }
    },
    async get(key) {
      try {
        const reply = await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
        return { body: reply.Body as Readable, size: Number(reply.ContentLength ?? 0) };
      } catch (error) {
        if (notFound(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return true;
      } catch (error) {
        if (notFound(error)) return false;
        throw error;
      }
    },
  };
}
