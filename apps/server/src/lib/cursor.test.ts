import { randomUUID } from 'node:crypto';
import { API_MESSAGES } from '@lectio/contracts/messages';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cursorField, decodeCursor, encodeCursor, readCursor, timestampText, writeCursor } from './cursor';
import { AppError } from './errors';

const id = randomUUID();
const text = (value: string) => Buffer.from(value, 'utf8').toString('base64url');

function refusal(run: () => unknown): AppError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  return undefined;
}

describe('newest-first cursors', () => {
  it.each(['0001-01-01T00:00:00.000000Z', '9999-12-31T23:59:59.999999Z', '2024-02-29T12:00:00.123456Z'])(
    'round-trip %s',
    (createdAt) => {
      expect(decodeCursor(encodeCursor({ createdAt, id }))).toEqual({ createdAt, id });
    },
  );

  it('writes a Date (milliseconds) with microseconds', () => {
    const createdAt = new Date('2026-03-01T12:00:00.123Z');
    expect(timestampText(createdAt)).toBe('2026-03-01T12:00:00.123000Z');
    expect(decodeCursor(encodeCursor({ createdAt, id }))).toEqual({
      createdAt: '2026-03-01T12:00:00.123000Z',
      id,
    });
  });

  it.each([
    `+275760-09-13T00:00:00Z|${id}`,
    `+275760-09-13T00:00:00.000000Z|${id}`,
    `0000-01-01T00:00:00.000000Z|${id}`,
    `10000-01-01T00:00:00.000000Z|${id}`,
    `-000001-01-01T00:00:00.000000Z|${id}`,
    `2023-02-29T00:00:00.000000Z|${id}`,
    `2026-04-31T00:00:00.000000Z|${id}`,
    `2026-01-01T24:00:00.000000Z|${id}`,
    `2026-01-01T00:00:00.000Z|${id}`,
    `2026-01-01T00:00:00.000000+01:00|${id}`,
    `2026-01-01T00:00:00.000000Z|${id}|extra`,
    `2026-01-01T00:00:00.000000Z|not-a-uuid`,
    `2026-01-01T00:00:00.000000Z`,
    '',
  ])('refuses %j with a 400 naming the cursor', (value) => {
    const error = refusal(() => decodeCursor(text(value)));
    expect(error?.status).toBe(400);
    expect(error?.message).toBe(API_MESSAGES.invalidCursor);
    expect(error?.issues).toEqual([{ path: 'cursor', message: API_MESSAGES.invalidCursor }]);
  });

  it('refuses what is not base64url, or too long', () => {
    expect(refusal(() => decodeCursor('a+b/c=='))?.status).toBe(400);
    expect(refusal(() => decodeCursor('A'.repeat(201)))?.status).toBe(400);
  });
});

describe('number fields', () => {
  const real = z.tuple([cursorField.real(0), cursorField.uuid]);
  const count = z.tuple([cursorField.count, cursorField.uuid]);

  it.each(['0', '1.0607927', '3.4028235e+38', '1e-45', '1.4e-45', '12'])(
    'a real %s is read back as written',
    (key) => {
      expect(readCursor(writeCursor([key, id]), real)).toEqual([key, id]);
    },
  );

  it.each(['1e+999', '-1e+999', '3.5e+38', '1e-46', 'NaN', 'Infinity', '-1', '0x10', '1e', ''])(
    'a real %j is refused',
    (key) => {
      expect(refusal(() => readCursor(writeCursor([key, id]), real))?.status).toBe(400);
    },
  );

  it.each(['0', '2147483647'])('a count %s is read back', (key) => {
    expect(readCursor(writeCursor([key, id]), count)).toEqual([key, id]);
  });

  it.each(['2147483648', '-1', '1e3', '1.5', '99999999999'])('a count %j is refused', (key) => {
    expect(refusal(() => readCursor(writeCursor([key, id]), count))?.status).toBe(400);
  });
});
