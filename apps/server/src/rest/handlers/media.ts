/**
 * Media HTTP routes: a lecture upload streamed to storage, and the local driver's own upload target and
 * download endpoint. With STORAGE_DRIVER=s3 the browser talks to the bucket directly, so /media/* answer 404.
 */
import { lectureUploadFormSchema, type mediaUploadResultSchema } from '@lectio/contracts/media';
import { LECTURE_MESSAGES } from '@lectio/contracts/messages';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, forbidden, issuesFromZod, notFound } from '../../lib/errors';
import type { Actor, ServiceContext } from '../../services/context';
import { uploadLectureVideo } from '../../services/media/upload-lecture';
import { DOWNLOAD_SIGNATURE_INVALID_MESSAGE, LocalStorageDriver } from '../../storage/local-driver';
import { attachmentDisposition, isPublicKey, isValidKey, kindOfKey } from '../../storage/media-keys';
import { unsupportedMediaType } from '../../storage/upload-guard';
import { assertMultipart, closeOnFailure, receiveFileAfterFields } from '../multipart';
import type { HttpHandlers } from '../types';

type MediaUploadResult = z.input<typeof mediaUploadResultSchema>;

const NOT_ON_THIS_DRIVER = 'Media is served by the storage bucket, not by this server';
const PUBLIC_CACHE = 'public, max-age=86400';

function localDriver(storage: unknown): LocalStorageDriver {
  if (!(storage instanceof LocalStorageDriver)) throw notFound(NOT_ON_THIS_DRIVER);
  return storage;
}

/**
 * Parses a single `bytes=` range against the file size. Null: serve the whole file (no header, a
 * syntax we don't serve such as multiple ranges). 'unsatisfiable': 416.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** The local upload target: signature fields, then `file`, streamed through the driver's guard. */
async function receiveSignedUpload(
  services: ServiceContext,
  storage: LocalStorageDriver,
  request: FastifyRequest,
): Promise<MediaUploadResult> {
  const key = await receiveFileAfterFields(
    request,
    { field: 'file', missing: 'No file was sent (expected a `file` part after the signature fields)' },
    async (fields, part) => {
      if (!fields.signature) throw badRequest('The signature fields must come before the file');
      const signed = storage.verifyUploadFields(fields);
      if (part.mimetype !== signed.contentType) throw unsupportedMediaType(signed.contentType);
      await storage.putStream(signed.key, part.file, {
        contentType: signed.contentType,
        maxBytes: signed.maxBytes,
      });
      return signed.key;
    },
  );
  return {
    public_id: key,
    secure_url: await storage.downloadUrl(key, {
      kind: kindOfKey(key),
      expiresInSeconds: services.config.storage.downloadUrlTtlSeconds,
    }),
    duration: null,
  };
}

const LECTURE_FORM_ORDER =
  'Send the form fields (title, description, courseId, isPreview) before the `lecture` file';

/**
 * The multipart lecture upload: fields first, then the `lecture` file, which streams into storage as it
 * arrives. A file before its fields can't be checked without buffering it, so it is refused (400).
 */
function receiveLectureUpload(services: ServiceContext, actor: Actor, request: FastifyRequest) {
  return receiveFileAfterFields(
    request,
    { field: 'lecture', missing: 'No lecture file was sent (the `lecture` field, after the other fields)' },
    async (fields, part) => {
      const form = lectureUploadFormSchema.safeParse(fields);
      if (!form.success) throw badRequest(LECTURE_FORM_ORDER, issuesFromZod(form.error));
      return uploadLectureVideo(services, actor, form.data, {
        stream: part.file,
        contentType: part.mimetype,
      });
    },
  );
}

export const mediaHandlers: Pick<HttpHandlers, 'lectures.upload' | 'media.upload' | 'media.download'> = {
  async 'lectures.upload'({ services, actor, request, reply }) {
    assertMultipart(request);
    const lecture = await closeOnFailure(reply, () => receiveLectureUpload(services, actor, request));
    return { message: LECTURE_MESSAGES.created, data: { lecture } };
  },

  async 'media.upload'({ services, request, reply }) {
    const storage = localDriver(services.storage);
    assertMultipart(request);
    return closeOnFailure(reply, () => receiveSignedUpload(services, storage, request));
  },

  async 'media.download'({ services, params, query, request, reply }) {
    const storage = localDriver(services.storage);
    const key = params.key;
    if (!isValidKey(key)) throw notFound('Not found');
    if (!storage.verifyDownload(key, query.expires, query.signature)) {
      throw forbidden(DOWNLOAD_SIGNATURE_INVALID_MESSAGE);
    }
    const object = await storage.head(key);
    if (!object) throw notFound('Not found');

    reply
      .header('content-type', object.contentType)
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', isPublicKey(key) ? PUBLIC_CACHE : 'private');
    // A lesson resource is never shown in the page's origin, only saved (a text file can't run as a page),
    // under the name it was attached with (`name`, from the URL the API handed out).
    if (kindOfKey(key) === 'resource') {
      reply.header(
        'content-disposition',
        attachmentDisposition(query.name || key.slice(key.lastIndexOf('/') + 1)),
      );
    }

    const range = parseRange(request.headers.range, object.size);
    if (range === 'unsatisfiable') {
      // 416 has no error code of its own in the contracts; the body keeps the usual error shape.
      return reply
        .status(416)
        .header('content-range', `bytes */${object.size}`)
        .header('content-type', 'application/json; charset=utf-8')
        .send({ message: 'Requested range not satisfiable', code: 'BAD_REQUEST' });
    }
    if (range) {
      reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${object.size}`)
        .header('content-length', String(range.end - range.start + 1));
      return reply.send(storage.openRead(key, range));
    }
    reply.status(200).header('content-length', String(object.size));
    return reply.send(storage.openRead(key));
  },
};
