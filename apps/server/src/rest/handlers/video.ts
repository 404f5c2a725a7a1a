/** The signed HLS playlists (services/video/stream.ts): text made per request, never cached by anyone. */
import { HLS_CONTENT_TYPE } from '@lectio/contracts/video';
import { masterPlaylist, variantPlaylist } from '../../services/video/stream';
import type { HttpHandlers } from '../types';

const sendPlaylist = (reply: Parameters<HttpHandlers['video.masterPlaylist']>[0]['reply'], text: string) =>
  reply
    .status(200)
    .header('content-type', HLS_CONTENT_TYPE)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(text);

export const videoHandlers: Pick<HttpHandlers, 'video.masterPlaylist' | 'video.variantPlaylist'> = {
  async 'video.masterPlaylist'({ services, params, query, reply }) {
    return sendPlaylist(reply, await masterPlaylist(services, params.lectureId, query));
  },
  async 'video.variantPlaylist'({ services, params, query, reply }) {
    return sendPlaylist(reply, await variantPlaylist(services, params.lectureId, params.rendition, query));
  },
};
