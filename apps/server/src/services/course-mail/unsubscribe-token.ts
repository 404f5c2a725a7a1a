/**
 * The token of a course e-mail's unsubscribe link: a statement "user U may stop course C's e-mail",
 * signed with HMAC-SHA256 under a key derived from the server's JWT secret for this purpose only (as the
 * local storage driver's signed URLs and the setup token derive theirs), so it needs no table and no
 * migration. It carries the two ids and the first 16 bytes of the MAC (128 bits): 48 bytes, 64 base64url
 * characters. Changing any character changes the ids or breaks the MAC, so it can't be turned into
 * another user's or another course's. It does not expire (decision 0089): an old e-mail's link must still
 * work, and all it can ever do is change that one user's choice for that one course. Rotating JWT_SECRET
 * voids every link already sent (the settings page on the course still works).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid, uuidText } from '../../lib/ids';

const PURPOSE = 'lectio/course-mail-unsubscribe/v1';
const ID_BYTES = 16;
const MAC_BYTES = 16;
const TOKEN_BYTES = ID_BYTES * 2 + MAC_BYTES;

export interface UnsubscribeStatement {
  userId: string;
  courseId: string;
}

function signingKey(secret: string): Buffer {
  return createHmac('sha256', secret).update(PURPOSE).digest();
}

function mac(secret: string, ids: Buffer): Buffer {
  return createHmac('sha256', signingKey(secret)).update(ids).digest().subarray(0, MAC_BYTES);
}

const uuidBytes = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');

export function signUnsubscribeToken(secret: string, statement: UnsubscribeStatement): string {
  if (!isUuid(statement.userId) || !isUuid(statement.courseId)) throw new Error('unsubscribe token: bad ids');
  const ids = Buffer.concat([uuidBytes(statement.userId), uuidBytes(statement.courseId)]);
  return Buffer.concat([ids, mac(secret, ids)]).toString('base64url');
}

/** The statement a token signs, or null when it is not one this server signed (altered, cut, made up). */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeStatement | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  // base64url decoding ignores trailing bits: insist the token is exactly the one encoding of its bytes.
  if (bytes.length !== TOKEN_BYTES || bytes.toString('base64url') !== token) return null;
  const ids = bytes.subarray(0, ID_BYTES * 2);
  if (!timingSafeEqual(mac(secret, ids), bytes.subarray(ID_BYTES * 2))) return null;
  return { userId: uuidText(ids.subarray(0, ID_BYTES)), courseId: uuidText(ids.subarray(ID_BYTES)) };
}
