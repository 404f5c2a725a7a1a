/**
 * The first-run setup token: derived from the server's JWT secret with HMAC, so it needs no storage (and
 * no migration), every instance sharing the secret prints the same one, and it tells nothing about the
 * secret. It opens setup only while no admin exists (first-run-setup.ts); after that it is worthless.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Domain separation: the token is never a value the secret signs for anything else. */
const PURPOSE = 'lectio first-run setup token v1';
/** 32 base64url characters: 192 bits. */
const TOKEN_LENGTH = 32;

export function setupToken(secret: string): string {
  return createHmac('sha256', secret).update(PURPOSE).digest('base64url').slice(0, TOKEN_LENGTH);
}

/**
 * Whether `presented` is the setup token. Both sides are hashed to the same length first, so the
 * comparison takes the same time whatever was sent (timingSafeEqual needs equal lengths).
 */
export function isSetupToken(secret: string, presented: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(setupToken(secret)), digest(presented));
}
