/**
 * Streaming a processed video lesson over HLS (issue 27 item 2, decision 0092).
 *
 * - `video.stream` gives those who may open the lesson (mayOpenLesson: a buyer, its instructor, an admin,
 *   anyone for a free preview) a signed master playlist URL, a signed poster and the seek-bar sprite with
 *   its tile geometry. Anyone else learns only that it is locked.
 * - The playlists are served from the row (video_processing.playlists), rewritten on each request: the
 *   master's media playlists become this server's signed URLs, a media playlist's init segment and
 *   segments become signed storage URLs (HMAC on the local driver, presigned on S3), all with the expiry
 *   of the URL that was asked for. A playlist's signature is an HMAC over the lesson, the rendition and the
 *   expiry, with a key derived from the JWT secret (never the secret itself).
 * - Why signed URLs rather than a signed cookie: the storage port already signs per object for both
 *   drivers, a cookie scoped to a prefix would need CloudFront on S3, and a URL works in Safari's native
 *   HLS, which sends no headers of ours.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PREFIX } from '@lectio/contracts/rest';
import { HLS_MASTER_PATH, HLS_VARIANT_PATH, VIDEO_MESSAGES, type VideoStream } from '@lectio/contracts/video';
import { videoProcessing } from '@lectio/db';
import { and, eq } from 'drizzle-orm';
import { forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { DOWNLOAD_SIGNATURE_INVALID_MESSAGE } from '../../storage/local-driver';
import { issueTimeSeconds } from '../../storage/url-expiry';
import {
  POSTER_FILE,
  THUMBNAIL_COLUMNS,
  THUMBNAIL_ROWS,
  THUMBNAIL_WIDTH,
  THUMBNAILS_FILE,
} from '../../video/ffmpeg-hls';
import type { Actor, ServiceContext } from '../context';
import { mayOpenLesson } from '../courses/present-course';
import { loadVisibleLecture } from '../lectures/read-lectures';

const MASTER = 'master';

function signingKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('lectio/hls-signing/v1').digest();
}

function signature(
  ctx: Pick<ServiceContext, 'config'>,
  lectureId: string,
  playlist: string,
  expires: number,
) {
  return createHmac('sha256', signingKey(ctx.config.jwtSecret))
    .update(`${lectureId}\n${playlist}\n${expires}`)
    .digest('base64url');
}

function playlistUrl(
  ctx: Pick<ServiceContext, 'config'>,
  lectureId: string,
  playlist: string,
  expires: number,
) {
  const path = (playlist === MASTER ? HLS_MASTER_PATH : HLS_VARIANT_PATH)
    .replace('{lectureId}', lectureId)
    .replace('{rendition}', playlist);
  const sig = signature(ctx, lectureId, playlist, expires);
  return `${ctx.config.publicUrl}${API_PREFIX}${path}?expires=${expires}&signature=${sig}`;
}

/** The signature checks out and has not expired; 403 otherwise (the same message as a media link's). */
function assertSigned(
  ctx: Pick<ServiceContext, 'config' | 'now'>,
  lectureId: string,
  playlist: string,
  query: { expires?: string | undefined; signature?: string | undefined },
): number {
  const { expires, signature: given } = query;
  if (!expires || !given || !/^\d+$/.test(expires)) throw forbidden(DOWNLOAD_SIGNATURE_INVALID_MESSAGE);
  const expected = Buffer.from(signature(ctx, lectureId, playlist, Number(expires)));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    throw forbidden(DOWNLOAD_SIGNATURE_INVALID_MESSAGE);
  }
  if (Number(expires) < Math.floor(ctx.now().getTime() / 1000))
    throw forbidden(DOWNLOAD_SIGNATURE_INVALID_MESSAGE);
  return Number(expires);
}

async function readyRow(ctx: Pick<ServiceContext, 'db'>, lectureId: string) {
  if (!isUuid(lectureId)) return null;
  const [row] = await ctx.db
    .select()
    .from(videoProcessing)
    .where(and(eq(videoProcessing.lectureId, lectureId), eq(videoProcessing.status, 'ready')));
  return row?.playlists && row.outputPrefix
    ? { ...row, playlists: row.playlists, prefix: row.outputPrefix }
    : null;
}

/** When a URL handed out now expires (epoch seconds): the storage's download TTL, from a stable issue time. */
function expiryFrom(ctx: Pick<ServiceContext, 'config' | 'now'>): number {
  const ttl = ctx.config.storage.downloadUrlTtlSeconds;
  return issueTimeSeconds(Math.floor(ctx.now().getTime() / 1000), ttl) + ttl;
}

export async function videoStream(
  ctx: ServiceContext,
  actor: Actor | null,
  lectureId: string,
): Promise<{ isLocked: boolean; stream: VideoStream | null }> {
  const { lecture, access } = await loadVisibleLecture(ctx, actor, lectureId);
  if (!mayOpenLesson(lecture, access, ctx.now())) return { isLocked: true, stream: null };
  const row = await readyRow(ctx, lecture.id);
  if (!row || row.sourceKey !== lecture.videoKey) return { isLocked: false, stream: null };
  const expires = expiryFrom(ctx);
  const expiresInSeconds = expires - Math.floor(ctx.now().getTime() / 1000);
  const signed = (file: string) =>
    ctx.storage.downloadUrl(`${row.prefix}${file}`, { kind: 'lecture', expiresInSeconds });
  const top = row.renditions.at(-1);
  const tileHeight = top ? 2 * Math.round((THUMBNAIL_WIDTH * top.height) / top.width / 2) : 0;
  const interval = row.thumbnailInterval ?? 1;
  return {
    isLocked: false,
    stream: {
      masterUrl: playlistUrl(ctx, lecture.id, MASTER, expires),
      posterUrl: await signed(POSTER_FILE),
      thumbnails: {
        spriteUrl: await signed(THUMBNAILS_FILE),
        intervalSeconds: interval,
        columns: THUMBNAIL_COLUMNS,
        tileWidth: THUMBNAIL_WIDTH,
        tileHeight,
        count: Math.min(
          THUMBNAIL_COLUMNS * THUMBNAIL_ROWS,
          Math.max(1, Math.ceil((row.durationSeconds ?? interval) / interval)),
        ),
      },
      renditions: row.renditions.map(({ name, width, height }) => ({ name, width, height })),
      expiresAt: new Date(expires * 1000).toISOString(),
    },
  };
}

/** The master playlist behind a signed URL, its media playlists signed with the same expiry. */
export async function masterPlaylist(
  ctx: ServiceContext,
  lectureId: string,
  query: { expires?: string | undefined; signature?: string | undefined },
): Promise<string> {
  const expires = assertSigned(ctx, lectureId, MASTER, query);
  const row = await readyRow(ctx, lectureId);
  if (!row) throw notFound(VIDEO_MESSAGES.noStream);
  return row.playlists.master
    .split('\n')
    .map((line) => {
      if (line === '' || line.startsWith('#')) return line;
      const rendition = line.split('/')[0] ?? '';
      return playlistUrl(ctx, lectureId, rendition, expires);
    })
    .join('\n');
}

/** One rendition's media playlist behind a signed URL: its init segment and segments as signed storage URLs. */
export async function variantPlaylist(
  ctx: ServiceContext,
  lectureId: string,
  rendition: string,
  query: { expires?: string | undefined; signature?: string | undefined },
): Promise<string> {
  const expires = assertSigned(ctx, lectureId, rendition, query);
  const row = await readyRow(ctx, lectureId);
  const playlist = row?.playlists.variants[rendition];
  if (!row || playlist === undefined) throw notFound(VIDEO_MESSAGES.noStream);
  const expiresInSeconds = Math.max(1, expires - Math.floor(ctx.now().getTime() / 1000));
  const signed = (file: string) =>
    ctx.storage.downloadUrl(`${row.prefix}${rendition}/${file}`, { kind: 'lecture', expiresInSeconds });
  const lines: string[] = [];
  for (const line of playlist.split('\n')) {
    const map = /^#EXT-X-MAP:URI="([^"]+)"(.*)$/.exec(line);
    if (map?.[1]) lines.push(`#EXT-X-MAP:URI="${await signed(map[1])}"${map[2] ?? ''}`);
    else if (line === '' || line.startsWith('#')) lines.push(line);
    else lines.push(await signed(line));
  }
  return lines.join('\n');
}
