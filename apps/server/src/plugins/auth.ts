/**
 * Resolves the request's actor from the Bearer access token, lazily and once per request, and holds
 * the refresh-cookie rules (httpOnly, SameSite=Strict, path-scoped, Secure in production) and the
 * same-origin check that keeps cross-site pages from using the cookie. Beside the refresh cookie goes a
 * secret-free session hint the page can read (SESSION_HINT_COOKIE), set and cleared with it.
 */

import { AUTH_MESSAGES } from '@lectio/contracts/messages';
import { API_PREFIX, SESSION_HINT_COOKIE } from '@lectio/contracts/rest-paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { forbidden } from '../lib/errors';
import { resolveActor } from '../services/auth/auth-service';
import type { TokenService } from '../services/auth/tokens';
import type { ServiceContext } from '../services/context';
import './request-actor';

export const REFRESH_COOKIE = 'lectio_refresh';
export const REFRESH_COOKIE_PATH = `${API_PREFIX}/auth`;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * True when getActor() can only resolve to null: no bearer token and nothing resolved yet. Hot public
 * routes skip waiting on that promise for anonymous requests. Keep it in step with getActor below.
 */
export function hasNoCredentials(request: FastifyRequest): boolean {
  return request.actorPromise === undefined && bearerToken(request) === undefined;
}

export function registerAuth(app: FastifyInstance, services: ServiceContext, tokens: TokenService): void {
  app.decorateRequest('actorPromise', undefined);
  app.decorateRequest('getActor', function (this: FastifyRequest) {
    if (!this.actorPromise) {
      const token = bearerToken(this);
      this.actorPromise = token ? resolveActor(services, tokens, token) : Promise.resolve(null);
    }
    return this.actorPromise;
  });
}

export function setRefreshCookie(
  reply: FastifyReply,
  config: Config,
  token: string,
  expiresAt: Date,
  persistent: boolean,
): void {
  // Without "Keep me logged in" both are session cookies: gone when the browser closes.
  const lifetime = persistent ? { expires: expiresAt } : {};
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    ...lifetime,
  });
  reply.setCookie(SESSION_HINT_COOKIE, '1', {
    ...SESSION_HINT_OPTIONS,
    secure: config.cookieSecure,
    ...lifetime,
  });
}

/** The page reads the hint (contracts/rest-paths.ts), so it is neither httpOnly nor limited to the API. */
const SESSION_HINT_OPTIONS = { httpOnly: false, sameSite: 'lax', path: '/' } as const;

export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
  });
  reply.clearCookie(SESSION_HINT_COOKIE, { ...SESSION_HINT_OPTIONS, secure: config.cookieSecure });
}

/**
 * Refuses requests a cross-site page made the browser send (login, refresh, logout). SameSite=Strict
 * already keeps the cookie off cross-site requests; this also covers same-site-but-other-origin pages
 * and older browsers.
 */
export function assertSameOrigin(request: FastifyRequest, config: Config): void {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    throw forbidden(AUTH_MESSAGES.crossSiteRefused);
  }
  const origin = request.headers.origin;
  if (origin) {
    const allowed = new Set([new URL(config.publicUrl).origin, `${request.protocol}://${request.host}`]);
    if (!allowed.has(origin)) throw forbidden(AUTH_MESSAGES.crossSiteRefused);
  }
}
