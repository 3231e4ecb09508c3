import path from 'node:path';
import { upkeepBlobFolder } from './blobFolderUpkeep.ts';
import type { BlobStore } from './blobStore.ts';
import { FileBlobStore } from './fileBlobStore.ts';
import type { S3BlobStore } from './s3BlobStore.ts';
import type { S3Location } from './s3Location.ts';

interface BlobStoreConfig {
  dataDir: string;
  s3: S3Location | null;
}

/**
 * The store the configuration names, as it is: for the operator CLI, which reads no blobs. The
 * AWS SDK loads only for a bucket: it costs about a second of start-up on a loaded machine.
 */
export async function blobStoreFor(config: BlobStoreConfig): Promise<FileBlobStore | S3BlobStore> {
  if (!config.s3) return new FileBlobStore(path.join(config.dataDir, 'blobs'));
  const { S3BlobStore } = await import('./s3BlobStore.ts');
  return new S3BlobStore(config.s3);
}

/**
 * The store ready to serve, for the server at start: the bucket answered (S3), or the data
 * folder brought to the current layout (files). A store that cannot serve stops the start.
 */
export async function openBlobStore(config: BlobStoreConfig): Promise<BlobStore> {
  const store = await blobStoreFor(config);
  if (store instanceof FileBlobStore) {
    await upkeepBlobFolder(store.root);
    return store;
  }
  try {
    await store.check();
  } catch (error) {
    store.close();
    throw error;
  }
  return store;
}
