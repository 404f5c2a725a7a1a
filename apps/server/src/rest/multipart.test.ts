import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { receiveFileAfterFields } from './multipart';

type FakePart =
  | { type: 'field'; fieldname: string; value: string; valueTruncated: false; fieldnameTruncated: false }
  | { type: 'file'; fieldname: string; mimetype: string; file: { resumed: boolean; resume(): void } };

const field = (fieldname: string, value: string): FakePart => ({
  type: 'field',
  fieldname,
  value,
  valueTruncated: false,
  fieldnameTruncated: false,
});

const filePart = (fieldname: string) => {
  const file = {
    resumed: false,
    resume() {
      file.resumed = true;
    },
  };
  return { type: 'file' as const, fieldname, mimetype: 'video/mp4', file };
};

/** Only `parts()` of a request is read; a fake stands in for @fastify/multipart's parser. */
function requestOf(parts: FakePart[]): FastifyRequest {
  return {
    parts: async function* () {
      yield* parts;
    },
  } as unknown as FastifyRequest;
}

const FILE = { field: 'file', missing: 'No file was sent' };

/** The 400 (an AppError, as the error handler answers it) that `promise` rejects with. */
async function expectBadRequest(promise: Promise<unknown>, message: string): Promise<void> {
  await expect(promise).rejects.toBeInstanceOf(AppError);
  await expect(promise).rejects.toMatchObject({ status: 400, message });
}

describe('receiveFileAfterFields', () => {
  it('hands the fields read before the file to the receiver, and ignores fields after it', async () => {
    const file = filePart('file');
    const received = await receiveFileAfterFields(
      requestOf([field('title', 'Intro'), file, field('late', 'ignored')]),
      FILE,
      async (fields, part) => ({ fields: { ...fields }, fieldname: part.fieldname }),
    );
    expect(received).toEqual({ fields: { title: 'Intro' }, fieldname: 'file' });
    expect(file.file.resumed).toBe(false);
  });

  it('refuses a file in another field (400), leaving it to the parser to skip', async () => {
    const other = filePart('avatar');
    await expectBadRequest(
      receiveFileAfterFields(requestOf([other]), FILE, async () => 'stored'),
      'Send exactly one file, in the `file` field',
    );
    expect(other.file.resumed).toBe(true);
  });

  it('refuses a second file (400)', async () => {
    const second = filePart('file');
    await expectBadRequest(
      receiveFileAfterFields(requestOf([filePart('file'), second]), FILE, async () => 'stored'),
      'Send exactly one file, in the `file` field',
    );
    expect(second.file.resumed).toBe(true);
  });

  it('answers 400 with the given message when no file came', async () => {
    await expectBadRequest(
      receiveFileAfterFields(requestOf([field('title', 'Intro')]), FILE, async () => 'stored'),
      'No file was sent',
    );
  });

  it("passes a receiver's failure on, leaving the rest of the file to the parser", async () => {
    const file = filePart('file');
    const failure = new Error('refused');
    await expect(
      receiveFileAfterFields(requestOf([file]), FILE, async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(file.file.resumed).toBe(true);
  });
});
