import path from 'node:path';
import { upkeepBlobFolder } from './blobFolderUpkeep.ts';
import type { BlobStore } from './blobStore.ts';
import { FileBlobStore } from './fileBlobStore.ts';
import { S3BlobStore } from './s3BlobStore.ts';
import type { S3Location } from './s3Location.ts';

export interface BlobStoreConfig {
  dataDir: string;
  s3: S3Location | null;
}

/** The store the configuration names, as it is: for the operator CLI, which reads no blobs. */
export function blobStoreFor(config: BlobStoreConfig): FileBlobStore | S3BlobStore {
  return config.s3 ? new S3BlobStore(config.s3) : new FileBlobStore(path.join(config.dataDir, 'blobs'));
}

/**
 * The store ready to serve, for the server at start: the bucket answered (S3), or the data
 * folder brought to the current layout (files). A store that cannot serve stops the start.
 */
export async function openBlobStore(config: BlobStoreConfig): Promise<BlobStore> {
  const store = blobStoreFor(config);
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
