/**
 * Helpers for the multipart routes, which stream `request.parts()` themselves (the registrar does not
 * parse their bodies). Fields must come before the file: they are read as they arrive and the file is
 * streamed to storage the moment its part starts, so nothing is ever buffered.
 */
import type { Multipart } from '@fastify/multipart';
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
