/** buildApp(config, db) -> a Fastify instance, not listening. Tests call this; main.ts listens. */
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import type { Database } from '@lectio/db';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { createPaymentProvider } from './payments/create-payment-provider';
import type { PaymentProvider } from './payments/payment-port';
import { registerActivityTracking } from './plugins/activity';
import { registerApiDocs } from './plugins/api-docs';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerTrpcCaching, trpcCacheMeta } from './plugins/trpc-cache';
import { loadWebApp, registerWebApp } from './plugins/web-app';
import { registerRestRoutes } from './rest/register';
import { ActivityRecorder } from './services/activity/activity-recorder';
import { LoginThrottle } from './services/auth/login-throttle';
import { TokenService } from './services/auth/tokens';
import type { ServiceContext } from './services/context';
import { createStorage, storageBrowserOrigin } from './storage/create-storage';
import type { StoragePort } from './storage/storage-port';
import { createContextFactory } from './trpc/init';
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
  logger?: boolean;
  /** Override the storage driver (tests); default: the one config.storage.driver selects. */
  storage?: StoragePort;
  /** Override the payment driver (tests); default: the one config.payments.provider selects. */
  payments?: PaymentProvider;
}

export async function buildApp({
  config,
  db,
  now = () => new Date(),
  logger,
  storage,
  payments,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? (config.logLevel === 'silent' ? false : { level: config.logLevel }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 5000 },
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
  const services: ServiceContext = {
    db,
    config,
    now,
    loginThrottle: new LoginThrottle(config.loginThrottle, () => now().getTime()),
    storage: storage ?? createStorage(config, now),
    payments: payments ?? createPaymentProvider(config, db, now),
    activity,
  };
  const tokens = new TokenService(config.jwtSecret, config.accessTokenTtlSeconds);
  const web = loadWebApp(config.webDistDir);

  registerErrorHandler(app, config.isProduction);
  const mediaOrigin = await storageBrowserOrigin(services.storage, config.publicUrl);
  registerSecurityHeaders(
    app,
    web.inlineScriptHashes,
    config.cookieSecure,
    mediaOrigin ? [mediaOrigin] : [],
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
  registerApiDocs(app);
  // The stock tRPC adapter, in a context of its own (it replaces the JSON body parser there).
  await app.register(async (trpc) => {
    registerTrpcCaching(trpc);
    await trpc.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: createContextFactory(services, tokens),
        responseMeta: trpcCacheMeta,
        onError({ error, path }) {
          if (error.code === 'INTERNAL_SERVER_ERROR')
            app.log.error({ err: error, path }, 'tRPC procedure failed');
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });
  await registerWebApp(app, config.webDistDir, web);
  return app;
}
