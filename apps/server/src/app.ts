/** buildApp(config, db) -> a Fastify instance, not listening. Tests call this; main.ts listens. */
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { TRPC_MAX_BATCH_SIZE } from '@lectio/contracts/constants';
import type { Database } from '@lectio/db';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { JobQueue } from './jobs/job-queue';
import { registerJobs } from './jobs/register-jobs';
import { type LogStream, loggerOption } from './lib/log-redaction';
import { createMail } from './mail/create-mail';
import type { MailPort } from './mail/mail-port';
import { createPaymentProvider } from './payments/create-payment-provider';
import type { PaymentProvider } from './payments/payment-port';
import { registerActivityTracking } from './plugins/activity';
import { registerApiDocs } from './plugins/api-docs';
import { registerAuth } from './plugins/auth';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler';
import { registerRateLimits } from './plugins/rate-limit';
import { registerRequestTimeouts, serverTimeouts } from './plugins/request-timeouts';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSitemapRoutes } from './plugins/sitemap';
import { registerTrpcCaching, trpcCacheMeta } from './plugins/trpc-cache';
import { loadWebApp, registerWebApp } from './plugins/web-app';
import { registerOneClickUnsubscribe } from './rest/one-click-unsubscribe';
import { registerRestRoutes } from './rest/register';
import { ActivityRecorder } from './services/activity/activity-recorder';
import { LoginThrottle } from './services/auth/login-throttle';
import { TokenService } from './services/auth/tokens';
import type { ServiceContext } from './services/context';
import { CounterStore } from './services/limits/counter-store';
import { pageStatus } from './services/seo/page-status';
import { createStorage, storageBrowserOrigin } from './storage/create-storage';
import type { StoragePort } from './storage/storage-port';
import { createTrpcRequestContext } from './trpc/init';
import { type AppRouter, appRouter } from './trpc/router';

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: { method: string; url: string }[];
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Override the clock (tests). */
  now?: () => Date;
  /** false: no log; a stream: the log is written there (tests). Default: stdout unless LOG_LEVEL=silent. */
  logger?: boolean | LogStream;
  /** Override the storage driver (tests); default: the one config.storage.driver selects. */
  storage?: StoragePort;
  /** Override the payment driver (tests); default: the one config.payments.provider selects. */
  payments?: PaymentProvider;
  /** Override the mail driver (tests); default: SMTP with SMTP_URL, else the file outbox. */
  mail?: MailPort;
  /** Run the job worker (default true); tests run the jobs with `app.jobs.drain()` instead. */
  jobWorker?: boolean;
}

export async function buildApp({
  config,
  db,
  now = () => new Date(),
  logger,
  storage,
  payments,
  mail,
  jobWorker,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOption(config.logLevel, logger),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 5000 },
    // A URL the router can't decode is bad input: a 400 in the API's error shape (plugins/error-handler.ts).
    frameworkErrors: frameworkErrorHandler(config.isProduction),
    ...serverTimeouts(config),
  });

  // Recorded so the authorization test can prove no /api/v1 route exists outside the contracts table.
  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });

  const activity = new ActivityRecorder({
    db,
    now,
    ...config.activity,
    onError: (error) => app.log.error({ err: error }, 'activity flush failed; its events were dropped'),
  });
  // The abuse-limit counters, in the database so that every instance shares them; the rate-limit plugin
  // comes before any route so that its per-IP ceiling covers them all.
  const counters = new CounterStore(db, now);
  await registerRateLimits(app, { config, db, counters, now });
  registerRequestTimeouts(app, config);
  const services: ServiceContext = {
    db,
    config,
    now,
    loginThrottle: new LoginThrottle(counters, config.loginThrottle),
    storage: storage ?? createStorage(config, now),
    payments: payments ?? createPaymentProvider(config, db, now),
    activity,
    mail: mail ?? createMail(config, now),
    jobs: new JobQueue({ db, log: app.log, worker: jobWorker ?? true }),
  };
  registerJobs(app, services);
  const tokens = new TokenService(config.jwtSecret, config.accessTokenTtlSeconds);
  const web = loadWebApp(config.webDistDir);

  registerErrorHandler(app, config.isProduction);
  const mediaOrigin = await storageBrowserOrigin(services.storage);
  registerSecurityHeaders(
    app,
    web.inlineScriptHashes,
    config.cookieSecure,
    [mediaOrigin],
    config.payments.provider === 'stripe',
  );
  await app.register(fastifyCookie);
  // Multipart handlers stream their parts themselves (request.parts()); nothing is buffered or saved to
  // disk by the plugin. The per-upload limit is enforced while streaming by the storage's UploadGuard.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: Math.max(config.storage.maxThumbnailBytes, config.storage.maxVideoBytes),
      files: 1,
      fields: 10,
      fieldSize: 32 * 1024,
      parts: 12,
    },
  });
  registerAuth(app, services, tokens);
  registerActivityTracking(app, activity);
  registerRestRoutes(app, { services, tokens });
  registerOneClickUnsubscribe(app, services);
  registerApiDocs(app);
  // The stock tRPC adapter, in a context of its own (it replaces the JSON body parser there).
  await app.register(async (trpc) => {
    registerTrpcCaching(trpc);
    await trpc.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: createTrpcRequestContext(services, tokens),
        // A batch runs its calls concurrently: bound it (the web client's batch link splits at the same size).
        maxBatchSize: TRPC_MAX_BATCH_SIZE,
        responseMeta: trpcCacheMeta,
        onError({ error, path }) {
          if (error.code === 'INTERNAL_SERVER_ERROR')
            app.log.error({ err: error, path }, 'tRPC procedure failed');
          // As REST does (plugins/error-handler.ts): the outage itself is logged once, by the breaker.
          else if (error.code === 'SERVICE_UNAVAILABLE')
            app.log.warn({ err: error, path }, 'tRPC call answered 503');
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });
  registerSitemapRoutes(app, services);
  await registerWebApp(app, config.webDistDir, web, (pathname) => pageStatus(services, pathname));
  return app;
}
