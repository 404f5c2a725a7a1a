/**
 * The demo seed writes its media (committed videos, thumbnails it renders) into DATA_DIR/media, which is
 * where the local driver reads. With the S3 driver the same keys (demo/videos/*, demo/thumbnails/*) must
 * be in the bucket: this uploads the ones that are missing, once, at start.
 */
import { Readable } from 'node:stream';
import { DEMO_MEDIA_KEYS } from '@lectio/db';
import { demoMediaBytes } from '@lectio/db/seed/demo';
import { contentTypeForKey } from './media-types';
import type { StoragePort } from './storage-port';

export async function uploadMissingDemoMedia(storage: StoragePort): Promise<number> {
  if (storage.driver === 'local') return 0;
  let uploaded = 0;
  for (const key of DEMO_MEDIA_KEYS) {
    if (await storage.head(key)) continue;
    const bytes = await demoMediaBytes(key);
    await storage.putStream(key, Readable.from([bytes]), {
      contentType: contentTypeForKey(key),
      maxBytes: bytes.length,
    });
    uploaded += 1;
  }
  return uploaded;
}
