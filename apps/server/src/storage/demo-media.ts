/**
 * The demo seed copies its committed media into DATA_DIR/media, which is where the local driver reads.
 * With the S3 driver the same keys (demo/videos/*, demo/thumbnails/*) must be in the bucket: this uploads
 * the ones that are missing, once, at start.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_MEDIA_KEYS } from '@lectio/db';
import { DEMO_MEDIA_SOURCE_DIR } from '@lectio/db/seed/demo';
import { contentTypeForKey } from './media-types';
import type { StoragePort } from './storage-port';

export async function uploadMissingDemoMedia(storage: StoragePort): Promise<number> {
  if (storage.driver === 'local') return 0;
  let uploaded = 0;
  for (const key of DEMO_MEDIA_KEYS) {
    if (await storage.head(key)) continue;
    const file = path.join(DEMO_MEDIA_SOURCE_DIR, path.basename(key));
    const { size } = await stat(file);
    await storage.putStream(key, createReadStream(file), {
      contentType: contentTypeForKey(key),
      maxBytes: size,
    });
    uploaded += 1;
  }
  return uploaded;
}
