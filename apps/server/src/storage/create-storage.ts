/** Picks the storage driver from config (STORAGE_DRIVER): `local` by default, `s3` for S3/MinIO/R2. */
import type { Config } from '../config';
import { LocalStorageDriver } from './local-driver';
import { S3StorageDriver } from './s3-driver';
import type { StoragePort } from './storage-port';

export function createStorage(config: Config, now: () => Date = () => new Date()): StoragePort {
  if (config.storage.driver === 's3') {
    if (!config.storage.s3) throw new Error('STORAGE_DRIVER=s3 needs the S3_* settings');
    return new S3StorageDriver(config.storage.s3);
  }
  return new LocalStorageDriver({
    mediaDir: config.storage.mediaDir,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
    now,
  });
}

/**
 * The origin browsers download from and upload to (the S3 endpoint, as S3_PUBLIC_ENDPOINT or the bucket's
 * virtual host resolves; PUBLIC_URL's origin for local storage): the CSP must name it. 'self' is not
 * enough even for local storage: a page opened on another address of this server than PUBLIC_URL (the
 * default http://localhost:3000 opened as http://127.0.0.1:3000) would have every thumbnail and video
 * blocked.
 */
export async function storageBrowserOrigin(storage: StoragePort): Promise<string> {
  return new URL(await storage.downloadUrl('probe/origin', { kind: 'lecture', expiresInSeconds: 60 })).origin;
}
