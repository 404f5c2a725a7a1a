/**
 * Login throttling (docs/decisions/0031-abuse-limits-shared-in-postgresql.md). An attempt is reserved
 * BEFORE its password is checked, in the shared counters (services/limits/counter-store.ts), so however
 * many guesses race, on however many instances, at most the limits reach argon2:
 *
 * - per account and address: `maxFailuresPerAccount` failed attempts a window. This is the lockout, and
 *   it locks out that address only: a stranger elsewhere can't lock the owner out.
 * - per address: `maxFailuresPerIp` failed attempts a window, across accounts.
 * - per account, from addresses the account has not signed in from lately (`knownAddressDays`): the
 *   first `maxFailuresPerAccount` attempts at once, then progressively spaced (1 s, 2 s, 4 s ... up to
 *   `maxDelaySeconds`), which slows guessing spread over many addresses. The owner's known addresses
 *   skip this.
 *
 * A successful sign-in clears its account-and-address count, gives back its places in the address and
 * account counts and makes the address known; a failure keeps its places until the window ends.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { CounterStore } from '../limits/counter-store';

export interface LoginThrottleLimits {
  /** Failed attempts per account and address per window (the lockout). */
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  windowSeconds: number;
  /** Cap of the doubling delay between attempts on one account from unknown addresses. */
  maxDelaySeconds: number;
  /** How long a successful sign-in makes its address known to the account. */
  knownAddressDays: number;
}

/** A reserved attempt: report a success; a failure needs no call (its places stay taken). */
export interface LoginAttempt {
  succeeded(): Promise<void>;
}

export type LoginReservation = { granted: true; attempt: LoginAttempt } | { granted: false; retryAt: Date };

export class LoginThrottle {
  constructor(
    private readonly counters: CounterStore,
    private readonly limits: LoginThrottleLimits,
  ) {}

  /** Reserves one attempt for `account` (the lower-cased e-mail) from `ip`, before any password check. */
  async reserve(account: string, ip: string): Promise<LoginReservation> {
    const address = normalizeIP(ip);
    const windowMs = this.limits.windowSeconds * 1000;
    // A space can't appear in an address or in a valid e-mail, so the keys can't collide.
    const pairKey = `login:pair:${address} ${account}`;
    const ipKey = `login:ip:${address}`;
    const knownKey = `login:known:${address} ${account}`;

    const pair = await this.counters.take(pairKey, this.limits.maxFailuresPerAccount, windowMs);
    if (!pair.granted) return pair;
    const byIp = await this.counters.take(ipKey, this.limits.maxFailuresPerIp, windowMs);
    if (!byIp.granted) {
      await this.counters.giveBack(pairKey);
      return byIp;
    }
    const accountKey = `login:account:${account}`;
    const spacedAttempt = !(await this.counters.isLive(knownKey));
    if (spacedAttempt) {
      const spaced = await this.counters.takeSpaced(accountKey, {
        freeAttempts: this.limits.maxFailuresPerAccount,
        maxDelayMs: this.limits.maxDelaySeconds * 1000,
        windowMs,
      });
      if (!spaced.granted) {
        await Promise.all([this.counters.giveBack(pairKey), this.counters.giveBack(ipKey)]);
        return spaced;
      }
    }
    return {
      granted: true,
      attempt: {
        succeeded: async () => {
          await Promise.all([
            this.counters.clear(pairKey),
            this.counters.giveBack(ipKey),
            spacedAttempt ? this.counters.giveBack(accountKey) : undefined,
            this.counters.mark(knownKey, this.limits.knownAddressDays * 86_400_000),
          ]);
        },
      },
    };
  }
}
