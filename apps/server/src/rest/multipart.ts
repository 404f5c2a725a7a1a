/**
 * Helpers for the multipart routes, which stream `request.parts()` themselves (the registrar does not
 * parse their bodies). Fields must come before the file: they are read as they arrive and the file is
 * streamed to storage the moment its part starts, so nothing is ever buffered.
 */
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../lib/errors';

export function assertMultipart(request: FastifyRequest): void {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data body');
}

/**
 * `request.parts()`, with a body the parser can't read reported as 400 rather than 500. The plugin's own
 * limit errors (413 and friends) keep their status; errors from handling a part are not touched.
 */
export async function* formParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  const parts = request.parts();
  while (true) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (error instanceof AppError || (status && status >= 400 && status < 500)) throw error;
      throw badRequest(`Malformed multipart body: ${(error as Error).message}`);
    }
    if (next.done) return;
    yield next.value;
  }
}

/** A text field from a multipart part, refusing truncated values (over the configured fieldSize). */
export function fieldValue(part: { value: unknown; valueTruncated: boolean; fieldnameTruncated: boolean }) {
  if (part.valueTruncated || part.fieldnameTruncated) throw badRequest('A form field is too long');
  return typeof part.value === 'string' ? part.value : String(part.value ?? '');
}

/**
 * A form of text fields followed by exactly one file, in `file.field`: `receive` gets the fields read
 * before the file and the file's part, and streams it where it goes. Fields after the file are read (so the
 * request drains) and ignored; a second file, or a file in another field, is a 400. When `receive` fails,
 * the rest of the file is left to the parser to skip. No file at all is a 400 saying `file.missing`.
 */
export async function receiveFileAfterFields<T>(
  request: FastifyRequest,
  file: { field: string; missing: string },
  receive: (fields: Record<string, string>, part: MultipartFile) => Promise<T>,
): Promise<T> {
  const fields: Record<string, string> = {};
  let received: { value: T } | undefined;
  for await (const part of formParts(request)) {
    if (part.type === 'field') {
      if (!received) fields[part.fieldname] = fieldValue(part);
      continue;
    }
    if (part.fieldname !== file.field || received) {
      part.file.resume();
      throw badRequest(`Send exactly one file, in the \`${file.field}\` field`);
    }
    try {
      received = { value: await receive(fields, part) };
    } catch (error) {
      part.file.resume();
      throw error;
    }
  }
  if (!received) throw badRequest(file.missing);
  return received.value;
}

/**
 * Runs an upload; if it fails, the response says `Connection: close`. The client may still be sending
 * hundreds of megabytes we have refused; closing after the error response is cheaper than draining it,
 * and it releases the socket instead of leaving a half-read request on a keep-alive connection.
 */
export async function closeOnFailure<T>(reply: FastifyReply, upload: () => Promise<T>): Promise<T> {
  try {
    return await upload();
  } catch (error) {
    reply.header('connection', 'close');
    throw error;
  }
}
