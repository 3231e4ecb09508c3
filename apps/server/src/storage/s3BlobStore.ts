import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertBlobKey, assertBlobPrefix, isBlobKey } from './blobKey.ts';
import { BlobTooLarge, type BlobEntry, type BlobStore, type OpenedBlob } from './blobStore.ts';
import { describeS3Location, type S3Location } from './s3Location.ts';

/** S3's most keys per DeleteObjects request and per listing page. */
const S3_BATCH = 1000;

/**
 * Blobs as objects of an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), each key below the
 * location's prefix. A PUT is atomic on every such server: an object is the old bytes or the
 * new ones, so no temporary names are needed.
 */
export class S3BlobStore implements BlobStore {
  readonly description: string;
  private readonly client: S3Client;
  private readonly pageSize: number;

  /** `pageSize` is for tests, which list across pages without putting a thousand objects. */
  constructor(
    private readonly location: S3Location,
    options: { pageSize?: number } = {},
  ) {
    this.description = describeS3Location(location);
    this.pageSize = Math.min(options.pageSize ?? S3_BATCH, S3_BATCH);
    this.client = new S3Client({
      endpoint: location.endpoint,
      region: location.region,
      forcePathStyle: location.forcePathStyle,
      ...(location.credentials ? { credentials: location.credentials } : {}),
      // Checksums only where S3 demands them (DeleteObjects): the newer default adds CRC
      // headers and chunked trailers that many S3-compatible servers refuse.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** At start: a wrong bucket, endpoint or credential is said then, not at the first upload. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.location.bucket }));
    } catch (error) {
      throw new Error(`FACET_S3_URL: cannot reach ${this.description}: ${headBucketFault(error)}`, { cause: error });
    }
  }

  private objectKey(key: string): string {
    assertBlobKey(key);
    return this.location.prefix + key;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key), Body: bytes, ContentLength: bytes.length }));
  }

  async open(key: string): Promise<OpenedBlob | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
      if (!(object.Body instanceof Readable) || object.ContentLength === undefined) throw new Error(`S3 answered ${key} without a body or its length`);
      return { stream: object.Body, size: object.ContentLength };
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async get(key: string, options: { maxBytes?: number } = {}): Promise<Buffer | null> {
    const blob = await this.open(key);
    if (!blob) return null;
    if (options.maxBytes !== undefined && blob.size > options.maxBytes) {
      // Closing the response frees its connection without reading the rest.
      blob.stream.destroy();
      throw new BlobTooLarge(key, blob.size, options.maxBytes);
    }
    const parts: Buffer[] = [];
    for await (const part of blob.stream) parts.push(part as Buffer);
    return Buffer.concat(parts);
  }

  async has(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isMissingObject(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a missing key with success too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    const objects = keys.map((key) => ({ Key: this.objectKey(key) }));
    for (let i = 0; i < objects.length; i += S3_BATCH) {
      const answer = await this.client.send(new DeleteObjectsCommand({ Bucket: this.location.bucket, Delete: { Objects: objects.slice(i, i + S3_BATCH), Quiet: true } }));
      const failed = answer.Errors ?? [];
      if (failed.length > 0) throw new Error(`S3 kept ${failed.length} of the blobs asked to delete, first ${failed[0]!.Key ?? '?'}: ${failed[0]!.Code ?? ''} ${failed[0]!.Message ?? ''}`);
    }
  }

  async *list(prefix: string): AsyncIterable<BlobEntry> {
    assertBlobPrefix(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.location.bucket, Prefix: this.location.prefix + prefix, MaxKeys: this.pageSize, ...(token ? { ContinuationToken: token } : {}) }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.location.prefix.length);
        // Objects someone else put in the bucket under other names are not ours to report.
        if (key !== undefined && isBlobKey(key)) yield { key, size: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}

/** A HEAD answer has no body to name its error in: the status says it. */
function headBucketFault(error: unknown): string {
  if (!(error instanceof S3ServiceException)) return error instanceof Error ? error.message : String(error);
  const status = error.$metadata.httpStatusCode;
  if (status === 403) return 'HTTP 403, access refused (check the access key and secret, and that they may use this bucket)';
  if (status === 404) return 'HTTP 404, no such bucket (create it first)';
  if (status === 301) return 'HTTP 301, the bucket is in another region (set ?region=)';
  return `HTTP ${status ?? '?'}, ${error.name}`;
}

/** GET says NoSuchKey; HEAD has no body to say it in, so only NotFound. */
function isMissingObject(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}
