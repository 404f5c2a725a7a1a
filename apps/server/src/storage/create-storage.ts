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
 * The origin browsers download from and upload to when it is not this server (the S3 endpoint, as
 * S3_PUBLIC_ENDPOINT or the bucket's virtual host resolves): the CSP must allow it. Null for local.
 */
export async function storageBrowserOrigin(storage: StoragePort, publicUrl: string): Promise<string | null> {
  const origin = new URL(await storage.downloadUrl('probe/origin', { kind: 'lecture', expiresInSeconds: 60 }))
    .origin;
  return origin === new URL(publicUrl).origin ? null : origin;
}
