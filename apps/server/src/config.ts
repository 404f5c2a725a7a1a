/** The one place that reads process.env: validated with zod, failing fast with a clear message. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SocialNetwork } from '@lectio/contracts/platform';
import type { RateLimitName } from '@lectio/contracts/rate-limits';
import { DEFAULT_PLATFORM_FEE_PERCENT } from '@lectio/db/revenue-split';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** The names proxy-addr (Fastify's trustProxy) gives to address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `true`/`false` (or 1/0, yes/no), or a comma-separated list of the proxies' addresses and CIDR
 * ranges (`loopback`, `linklocal` and `uniquelocal` name the usual ranges): the server then believes
 * X-Forwarded-For only as far back as the hops those proxies added. Anything else is refused at start-up.
 */
const trustProxySetting = z.string().transform((value, context): boolean | string[] => {
  const text = value.trim();
  const flag = booleanFlag.safeParse(text);
  if (flag.success) return flag.data;
  if (/^\d+$/.test(text)) {
    // Fastify fails closed on a bare hop count (it can't tell a proxy from a client that sent enough hops).
    context.addIssue({
      code: 'custom',
      message: 'a hop count is not supported: list the addresses or CIDR ranges of your proxies instead',
    });
    return z.NEVER;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.find((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || wrong !== undefined) {
    context.addIssue({
      code: 'custom',
      message:
        `"${wrong ?? text}" is not true, false, or an IP address or CIDR range ` +
        '(loopback, linklocal and uniquelocal name the usual ranges)',
    });
    return z.NEVER;
  }
  return entries;
});

/** An unset variable and an empty one (`STRIPE_SECRET_KEY=` in a .env file) both mean "not configured". */
const optionalText = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().min(1).optional(),
);

/**
 * Amounts are stored in hundredths of the currency unit (`price_minor`), so the platform currency must
 * have two decimals. These ISO 4217 codes have zero or three decimal places in Stripe's API.
 */
const NOT_TWO_DECIMAL_CURRENCIES = new Set(
  'BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF BHD JOD KWD OMR TND'.split(' '),
);

/** A social profile's address: unset or empty hides it; anything but an http(s) URL is refused at start-up. */
const socialUrl = optionalText.pipe(
  z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// address')
    .optional(),
);

const limitMax = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
const limitWindow = (fallback: number) => z.coerce.number().int().min(1).max(86_400).default(fallback);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.string().url().optional(),
    PUBLIC_URL: z.string().url().optional(),
    WEB_DIST_DIR: z.string().optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    COOKIE_SECURE: booleanFlag.optional(),
    TRUST_PROXY: trustProxySetting.default(false),
    /** On SIGTERM, seconds of serving with a failing health check before closing (behind a load balancer). */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
    /** Demo accounts and courses on an empty database: only when asked (`pnpm start` asks). */
    SEED_DEMO: booleanFlag.default(false),
    /** Production over plain http (no https PUBLIC_URL) is refused unless this says it is on purpose. */
    ALLOW_INSECURE_HTTP: booleanFlag.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
    LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
    LOGIN_THROTTLE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).default(60),
    LOGIN_KNOWN_ADDRESS_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    // Abuse limits (docs/decisions/0031): calls per window per key; a maximum of 0 turns a limit off.
    RATE_LIMIT_GLOBAL_MAX: limitMax(1200),
    RATE_LIMIT_GLOBAL_WINDOW_SECONDS: limitWindow(60),
    RATE_LIMIT_SIGNUP_MAX: limitMax(10),
    RATE_LIMIT_SIGNUP_WINDOW_SECONDS: limitWindow(600),
    RATE_LIMIT_REFRESH_MAX: limitMax(60),
    RATE_LIMIT_REFRESH_WINDOW_SECONDS: limitWindow(60),
    RATE_LIMIT_UPLOAD_SIGNATURE_MAX: limitMax(60),
    RATE_LIMIT_UPLOAD_SIGNATURE_WINDOW_SECONDS: limitWindow(600),
    RATE_LIMIT_PAYMENT_INTENT_MAX: limitMax(20),
    RATE_LIMIT_PAYMENT_INTENT_WINDOW_SECONDS: limitWindow(3600),
    RATE_LIMIT_PASSWORD_RESET_MAX: limitMax(5),
    RATE_LIMIT_PASSWORD_RESET_WINDOW_SECONDS: limitWindow(900),
    RATE_LIMIT_ACCOUNT_TOKEN_MAX: limitMax(20),
    RATE_LIMIT_ACCOUNT_TOKEN_WINDOW_SECONDS: limitWindow(900),
    RATE_LIMIT_VERIFICATION_EMAIL_MAX: limitMax(5),
    RATE_LIMIT_VERIFICATION_EMAIL_WINDOW_SECONDS: limitWindow(3600),
    RATE_LIMIT_ANNOUNCEMENT_MAX: limitMax(10),
    RATE_LIMIT_ANNOUNCEMENT_WINDOW_SECONDS: limitWindow(3600),
    /** Send e-mail through this SMTP server (smtp:// or smtps://user:pass@host:port); unset: write it to DATA_DIR/mail. */
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.string().min(3).default('Lectio <no-reply@localhost>'),
    /** Failed sends are retried this many times (with growing delays) before the message is marked failed. */
    MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
    /** The first retry's delay; each further one doubles it (with jitter), up to an hour. 0: retry at once. */
    MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    /**
     * The ffmpeg that transcodes lesson videos to adaptive HLS (ffprobe beside it). Default: `ffmpeg` when
     * it is on PATH; `none` (or no ffmpeg found) turns HLS off, and uploads play as uploaded.
     */
    FFMPEG_PATH: z.string().min(1).optional(),
    /** Videos transcoded at once by one worker (each runs one ffmpeg, which uses every core). */
    TRANSCODE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    /** How long a request's body may take to arrive, except on the upload routes. */
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** How long any whole request may take to arrive: the upload routes' allowance. */
    UPLOAD_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
    /** How long a connection may stay silent in the middle of a request or response. */
    CONNECTION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.string().url().optional(),
    /** Endpoint browsers use when it differs from the server's (e.g. http://localhost:9000 vs http://minio:9000). */
    S3_PUBLIC_ENDPOINT: z.string().url().optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    MAX_THUMBNAIL_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(5 * 1024 * 1024),
    MAX_VIDEO_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(2 * 1024 * 1024 * 1024),
    /** The largest lesson resource (PDF, slides, zip...). */
    MAX_RESOURCE_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(100 * 1024 * 1024),
    UPLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(900).default(600),
    DOWNLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(3600),
    CATALOGUE_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(2),
    /** How long the landing page's figures (platform.stats) are kept in memory; 0 counts them on every request. */
    PLATFORM_STATS_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(60),
    /** URLs per sitemap file (decision 0091); the sitemap protocol allows 50,000 at most. */
    SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(1).max(50_000).default(50_000),
    /** The platform's social profiles, shown in the landing page's footer; each unset one is hidden. */
    SOCIAL_FACEBOOK_URL: socialUrl,
    SOCIAL_X_URL: socialUrl,
    SOCIAL_LINKEDIN_URL: socialUrl,
    SOCIAL_YOUTUBE_URL: socialUrl,
    ACTIVITY_FLUSH_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(2000),
    ACTIVITY_FLUSH_MAX_EVENTS: z.coerce.number().int().min(1).max(10_000).default(500),
    ACTIVITY_REQUEST_COALESCE_SECONDS: z.coerce.number().int().min(0).max(240).default(30),
    PAYMENT_PROVIDER: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(['stripe', 'test']).optional(),
    ),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_MAX_NETWORK_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
    /** The platform's commission on a sale, in whole percent, until an admin sets another rate. */
    PLATFORM_FEE_PERCENT: z.coerce.number().int().min(0).max(100).default(DEFAULT_PLATFORM_FEE_PERCENT),
    /** A student may ask for a refund this many days after buying... */
    REFUND_WINDOW_DAYS: z.coerce.number().int().min(0).max(365).default(30),
    /** ...while under this percent of the course's lectures are complete. */
    REFUND_MAX_PROGRESS: z.coerce.number().int().min(0).max(100).default(30),
    /**
     * Sign-up of an address that has an account: `notify` (the default) answers exactly as a new sign-up
     * and e-mails the owner; `conflict` answers 409 "Email already registered", as the spec's sample app
     * did, for REST clients that rely on it (decision 0048).
     */
    SIGNUP_EXISTING_EMAIL: z.enum(['notify', 'conflict']).default('notify'),
    /** Reset e-mails one account gets in an hour at most; requests past it answer alike and send nothing. */
    PASSWORD_RESET_MAILS_PER_HOUR: z.coerce.number().int().min(1).max(100).default(5),
    /** A video lecture counts complete once the server has credited this share of it as watched (0045). */
    COMPLETION_MIN_WATCHED_PERCENT: z.coerce.number().int().min(1).max(100).default(90),
    /** Receipts: who sells (the platform takes the payments), and the tax the prices include, if any. */
    SELLER_NAME: z.string().trim().min(1).max(120).default('Lectio'),
    SELLER_ADDRESS: z.string().trim().max(300).optional(),
    SELLER_TAX_ID: z.string().trim().max(60).optional(),
    TAX_RATE_PERCENT: z.coerce.number().min(0).max(100).optional(),
    TAX_LABEL: z.string().trim().min(1).max(40).default('Tax'),
    PAYMENT_CURRENCY: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'PAYMENT_CURRENCY must be a three-letter ISO 4217 code such as INR')
      .transform((code) => code.toUpperCase())
      .refine((code) => !NOT_TWO_DECIMAL_CURRENCIES.has(code), {
        message:
          'PAYMENT_CURRENCY must be a currency with two decimal places (prices are stored in hundredths)',
      })
      .default('INR'),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE_DRIVER === 's3') {
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when STORAGE_DRIVER=s3` });
      }
    }
    if (env.PAYMENT_PROVIDER === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `${key} is required when PAYMENT_PROVIDER=stripe`,
          });
      }
    }
    if (env.NODE_ENV === 'production') {
      // A production server must not take "payments" without money by accident: test mode is explicit.
      if (paymentProviderOf(env) === 'test' && env.PAYMENT_PROVIDER !== 'test')
        ctx.addIssue({
          code: 'custom',
          path: ['PAYMENT_PROVIDER'],
          message:
            'payments would run in TEST MODE in production: checkout would enrol anyone in a paid course with ' +
            'the test card 4242 4242 4242 4242 and take no money. Set STRIPE_SECRET_KEY and ' +
            'STRIPE_PUBLISHABLE_KEY to take real payments, or PAYMENT_PROVIDER=test to run test mode on purpose',
        });
      // Without an https PUBLIC_URL the refresh cookie loses Secure and HSTS is not sent.
      if (!env.ALLOW_INSECURE_HTTP && !env.PUBLIC_URL?.startsWith('https://'))
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_URL'],
          message:
            `${env.PUBLIC_URL ? `is ${env.PUBLIC_URL}, plain http` : 'is not set'}: in production set it to the ` +
            'https:// address users open (the refresh cookie is then Secure and HSTS is sent), or set ' +
            'ALLOW_INSECURE_HTTP=true to serve over plain http on purpose',
        });
    }
    const prefixes = [
      ['STRIPE_SECRET_KEY', ['sk_', 'rk_']],
      ['STRIPE_PUBLISHABLE_KEY', ['pk_']],
      ['STRIPE_WEBHOOK_SECRET', ['whsec_']],
    ] as const;
    for (const [key, allowed] of prefixes) {
      const value = env[key];
      if (value && !allowed.some((prefix) => value.startsWith(prefix)))
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} must start with ${allowed.join(' or ')} (copy it from the Stripe dashboard)`,
        });
    }
  });

/** PAYMENT_PROVIDER, else Stripe when both keys are set, else the test-mode driver. */
function paymentProviderOf(env: {
  PAYMENT_PROVIDER?: 'stripe' | 'test' | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
}): 'stripe' | 'test' {
  return env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY ? 'stripe' : 'test');
}

/** Calls allowed per window per key. */
export interface RateLimitSetting {
  max: number;
  windowSeconds: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  webDistDir: string;
  /** URLs per sitemap file (services/seo/sitemap.ts). */
  sitemapUrlsPerFile: number;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  cookieSecure: boolean;
  /** Fastify's `trustProxy`: which X-Forwarded-* hops to believe (none, all, or those the listed proxies added). */
  trustProxy: boolean | string[];
  /** SIGTERM: health answers 503 this long, while every other request is served, before the server closes. */
  shutdownDrainSeconds: number;
  seedDemo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Sign-in throttle (services/auth/login-throttle.ts). */
  loginThrottle: {
    maxFailuresPerAccount: number;
    maxFailuresPerIp: number;
    windowSeconds: number;
    maxDelaySeconds: number;
    knownAddressDays: number;
  };
  /** The per-IP ceiling and the operations' named limits (plugins/rate-limit.ts); max 0 = off. */
  rateLimits: Record<'global' | RateLimitName, RateLimitSetting>;
  /** Slow-client limits (plugins/request-timeouts.ts and Fastify's server options). */
  timeouts: { requestSeconds: number; uploadSeconds: number; connectionSeconds: number };
  storage: {
    driver: 'local' | 's3';
    /** Local driver root: DATA_DIR/media. */
    mediaDir: string;
    s3: {
      endpoint: string | undefined;
      publicEndpoint: string | undefined;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    } | null;
    maxThumbnailBytes: number;
    maxVideoBytes: number;
    maxResourceBytes: number;
    uploadUrlTtlSeconds: number;
    downloadUrlTtlSeconds: number;
  };
  /** How long an anonymous catalogue page may be served from memory (0 = never); writes here clear it. */
  catalogueCacheSeconds: number;
  /** How long the landing page's figures may be served from memory (0 = never); writes here clear them. */
  platformStatsCacheSeconds: number;
  /** The configured social profiles (SOCIAL_*_URL), shown in the landing page's footer. */
  socialLinks: { network: SocialNetwork; url: string }[];
  /** Activity recording for the engagement analytics (services/activity/activity-recorder.ts). */
  activity: { flushIntervalMs: number; maxBatch: number; requestCoalesceSeconds: number };
  /**
   * Outgoing e-mail (mail/create-mail.ts, docs/decisions/0035): SMTP when `smtpUrl` is set, else each message
   * is written to `outboxDir` (DATA_DIR/mail) for the admin's development outbox.
   */
  mail: {
    smtpUrl: string | undefined;
    from: string;
    outboxDir: string;
    retryLimit: number;
    retryDelaySeconds: number;
    /** Reset e-mails one account gets in an hour at most (services/account/password-reset.ts). */
    passwordResetMailsPerHour: number;
  };
  /** Video lessons' processing into HLS (services/video, decision 0092). */
  video: {
    /** null: no ffmpeg here; videos play as uploaded. */
    ffmpegPath: string | null;
    transcodeConcurrency: number;
  };
  /** What sign-up answers for an address that has an account (services/auth/auth-service.ts). */
  signupExistingEmail: 'notify' | 'conflict';
  /**
   * Payment provider (payments/create-payment-provider.ts): Stripe with both keys, else the test-mode
   * driver, which production accepts only when PAYMENT_PROVIDER=test says so.
   */
  payments: {
    provider: 'stripe' | 'test';
    /** Upper-case ISO 4217 code, two decimals (amounts are hundredths). */
    currency: string;
    stripe: {
      secretKey: string;
      publishableKey: string;
      /** Without it POST /payment/webhook answers 503. */
      webhookSecret: string | undefined;
      maxNetworkRetries: number;
    } | null;
  };
  /** The marketplace's rules (services/ledger, refunds): commission before any admin change, refund limits. */
  marketplace: {
    platformFeePercent: number;
    refundWindowDays: number;
    refundMaxProgressPercent: number;
    /** The share of a video lecture the server must credit as watched before it counts complete. */
    completionMinWatchedPercent: number;
  };
  /** What receipts say about the seller and the tax included in prices (services/receipts). */
  receipts: {
    sellerName: string;
    sellerAddress: string | null;
    sellerTaxId: string | null;
    /** The tax rate prices include, in percent; null: no tax line. */
    taxRatePercent: number | null;
    taxLabel: string;
  };
  version: string;
}

/** The JWT secret: from config, else generated once and kept under DATA_DIR so restarts keep sessions. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not there yet: create it below.
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const isProduction = e.NODE_ENV === 'production';
  const paymentProvider = paymentProviderOf(e);
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    sitemapUrlsPerFile: e.SITEMAP_URLS_PER_FILE,
    jwtSecret: overrides.jwtSecret ?? e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    cookieSecure: e.COOKIE_SECURE ?? (isProduction && publicUrl.startsWith('https://')),
    trustProxy: e.TRUST_PROXY,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    loginThrottle: {
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: e.LOGIN_THROTTLE_WINDOW_SECONDS,
      maxDelaySeconds: e.LOGIN_MAX_DELAY_SECONDS,
      knownAddressDays: e.LOGIN_KNOWN_ADDRESS_DAYS,
    },
    rateLimits: {
      global: { max: e.RATE_LIMIT_GLOBAL_MAX, windowSeconds: e.RATE_LIMIT_GLOBAL_WINDOW_SECONDS },
      signup: { max: e.RATE_LIMIT_SIGNUP_MAX, windowSeconds: e.RATE_LIMIT_SIGNUP_WINDOW_SECONDS },
      refresh: { max: e.RATE_LIMIT_REFRESH_MAX, windowSeconds: e.RATE_LIMIT_REFRESH_WINDOW_SECONDS },
      uploadSignature: {
        max: e.RATE_LIMIT_UPLOAD_SIGNATURE_MAX,
        windowSeconds: e.RATE_LIMIT_UPLOAD_SIGNATURE_WINDOW_SECONDS,
      },
      paymentIntent: {
        max: e.RATE_LIMIT_PAYMENT_INTENT_MAX,
        windowSeconds: e.RATE_LIMIT_PAYMENT_INTENT_WINDOW_SECONDS,
      },
      passwordReset: {
        max: e.RATE_LIMIT_PASSWORD_RESET_MAX,
        windowSeconds: e.RATE_LIMIT_PASSWORD_RESET_WINDOW_SECONDS,
      },
      accountToken: {
        max: e.RATE_LIMIT_ACCOUNT_TOKEN_MAX,
        windowSeconds: e.RATE_LIMIT_ACCOUNT_TOKEN_WINDOW_SECONDS,
      },
      verificationEmail: {
        max: e.RATE_LIMIT_VERIFICATION_EMAIL_MAX,
        windowSeconds: e.RATE_LIMIT_VERIFICATION_EMAIL_WINDOW_SECONDS,
      },
      announcement: {
        max: e.RATE_LIMIT_ANNOUNCEMENT_MAX,
        windowSeconds: e.RATE_LIMIT_ANNOUNCEMENT_WINDOW_SECONDS,
      },
    },
    timeouts: {
      requestSeconds: e.REQUEST_TIMEOUT_SECONDS,
      uploadSeconds: e.UPLOAD_TIMEOUT_SECONDS,
      connectionSeconds: e.CONNECTION_TIMEOUT_SECONDS,
    },
    storage: {
      driver: e.STORAGE_DRIVER,
      mediaDir: path.join(dataDir, 'media'),
      s3:
        e.STORAGE_DRIVER === 's3'
          ? {
              endpoint: e.S3_ENDPOINT,
              publicEndpoint: e.S3_PUBLIC_ENDPOINT,
              bucket: e.S3_BUCKET ?? '',
              region: e.S3_REGION,
              accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
              secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
            }
          : null,
      maxThumbnailBytes: e.MAX_THUMBNAIL_BYTES,
      maxVideoBytes: e.MAX_VIDEO_BYTES,
      maxResourceBytes: e.MAX_RESOURCE_BYTES,
      uploadUrlTtlSeconds: e.UPLOAD_URL_TTL_SECONDS,
      downloadUrlTtlSeconds: e.DOWNLOAD_URL_TTL_SECONDS,
    },
    catalogueCacheSeconds: e.CATALOGUE_CACHE_SECONDS,
    platformStatsCacheSeconds: e.PLATFORM_STATS_CACHE_SECONDS,
    socialLinks: (
      [
        ['facebook', e.SOCIAL_FACEBOOK_URL],
        ['x', e.SOCIAL_X_URL],
        ['linkedin', e.SOCIAL_LINKEDIN_URL],
        ['youtube', e.SOCIAL_YOUTUBE_URL],
      ] as const
    ).flatMap(([network, url]) => (url ? [{ network, url }] : [])),
    activity: {
      flushIntervalMs: e.ACTIVITY_FLUSH_INTERVAL_MS,
      maxBatch: e.ACTIVITY_FLUSH_MAX_EVENTS,
      requestCoalesceSeconds: e.ACTIVITY_REQUEST_COALESCE_SECONDS,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: path.join(dataDir, 'mail'),
      retryLimit: e.MAIL_RETRY_LIMIT,
      retryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
      passwordResetMailsPerHour: e.PASSWORD_RESET_MAILS_PER_HOUR,
    },
    video: {
      ffmpegPath: findFfmpeg(e.FFMPEG_PATH, env.PATH),
      transcodeConcurrency: e.TRANSCODE_CONCURRENCY,
    },
    signupExistingEmail: e.SIGNUP_EXISTING_EMAIL,
    receipts: {
      sellerName: e.SELLER_NAME,
      sellerAddress: e.SELLER_ADDRESS || null,
      sellerTaxId: e.SELLER_TAX_ID || null,
      taxRatePercent: e.TAX_RATE_PERCENT ?? null,
      taxLabel: e.TAX_LABEL,
    },
    marketplace: {
      platformFeePercent: e.PLATFORM_FEE_PERCENT,
      refundWindowDays: e.REFUND_WINDOW_DAYS,
      refundMaxProgressPercent: e.REFUND_MAX_PROGRESS,
      completionMinWatchedPercent: e.COMPLETION_MIN_WATCHED_PERCENT,
    },
    payments: {
      provider: paymentProvider,
      currency: e.PAYMENT_CURRENCY,
      stripe:
        paymentProvider === 'stripe'
          ? {
              secretKey: e.STRIPE_SECRET_KEY ?? '',
              publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? '',
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              maxNetworkRetries: e.STRIPE_MAX_NETWORK_RETRIES,
            }
          : null,
    },
    version: '0.1.0',
    ...overrides,
  };
}

/**
 * The ffmpeg to run: FFMPEG_PATH as given (`none` for none), else `ffmpeg` on PATH with ffprobe beside it;
 * null when there is none, so the server says why there is no HLS instead of failing each job.
 */
function findFfmpeg(configured: string | undefined, searchPath: string | undefined): string | null {
  if (configured === 'none') return null;
  if (configured) return configured.includes('/') && !existsSync(configured) ? null : configured;
  const found = (searchPath ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => existsSync(path.join(dir, 'ffmpeg')) && existsSync(path.join(dir, 'ffprobe')));
  return found ? 'ffmpeg' : null;
}
