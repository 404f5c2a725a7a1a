/** buildApp(config, db) -> a Fastify instance, not listening. Tests call this; main.ts listens. */
import fastifyCookie from '@fastify/cookie';
import type { Database } from '@lectio/db';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { registerApiDocs } from './plugins/api-docs';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurityHeaders } from './plugins/security-headers';
import { loadWebApp, registerWebApp } from './plugins/web-app';
import { registerRestRoutes } from './rest/register';
import { LoginThrottle } from './services/auth/login-throttle';
import { TokenService } from './services/auth/tokens';
import type { ServiceContext } from './services/context';
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
}

export async function buildApp({
  config,
  db,
  now = () => new Date(),
  logger,
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

  const services: ServiceContext = {
    db,
    config,
    now,
    loginThrottle: new LoginThrottle(config.loginThrottle, () => now().getTime()),
  };
  const tokens = new TokenService(config.jwtSecret, config.accessTokenTtlSeconds);
  const web = loadWebApp(config.webDistDir);

  registerErrorHandler(app, config.isProduction);
  registerSecurityHeaders(app, web.inlineScriptHashes, config.cookieSecure);
  await app.register(fastifyCookie);
  registerAuth(app, services, tokens);
  registerRestRoutes(app, { services, tokens });
  registerApiDocs(app);
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: createContextFactory(services, tokens),
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          app.log.error({ err: error, path }, 'tRPC procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
  await registerWebApp(app, config.webDistDir, web);
  return app;
}
