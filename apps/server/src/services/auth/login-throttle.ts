/**
 * Login throttling: failed attempts are counted per account and per client IP in a fixed window.
 * Once either limit is reached, further attempts are refused until the window ends, whether the
 * password is right or not. In memory: one server process; for several instances see
 * docs/decisions/0008-sessions-as-token-families.md.
 */
interface Bucket {
  failures: number;
  resetAt: number;
}

export interface LoginThrottleLimits {
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  windowSeconds: number;
}

export class LoginThrottle {
  private readonly buckets = new Map<string, Bucket>();
  constructor(
    private readonly limits: LoginThrottleLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the caller may try again, or 0 when allowed. */
  retryAfter(account: string, ip: string): number {
    const accountWait = this.wait(`account:${account}`, this.limits.maxFailuresPerAccount);
    const ipWait = this.wait(`ip:${ip}`, this.limits.maxFailuresPerIp);
    return Math.max(accountWait, ipWait);
  }

  recordFailure(account: string, ip: string): void {
    this.bump(`account:${account}`);
    this.bump(`ip:${ip}`);
  }

  recordSuccess(account: string): void {
    this.buckets.delete(`account:${account}`);
  }

  private wait(key: string, max: number): number {
    const bucket = this.live(key);
    if (!bucket || bucket.failures < max) return 0;
    return Math.max(1, Math.ceil((bucket.resetAt - this.now()) / 1000));
  }

  private bump(key: string): void {
    const bucket = this.live(key);
    if (bucket) bucket.failures += 1;
    else this.buckets.set(key, { failures: 1, resetAt: this.now() + this.limits.windowSeconds * 1000 });
    if (this.buckets.size > 100_000) this.sweep();
  }

  private live(key: string): Bucket | undefined {
    const bucket = this.buckets.get(key);
    if (bucket && bucket.resetAt <= this.now()) {
      this.buckets.delete(key);
      return undefined;
    }
    return bucket;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, bucket] of this.buckets) if (bucket.resetAt <= now) this.buckets.delete(key);
  }
}
