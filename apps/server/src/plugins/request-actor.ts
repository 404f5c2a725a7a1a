/**
 * The request's actor accessor, declared apart from the auth plugin so that programs which only
 * type-check the tRPC router (the web app) don't pull in the cookie plugin's types.
 */
import type { Actor } from '../services/context';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in actor, or null; throws 403 for a suspended account. Memoised per request. */
    getActor(): Promise<Actor | null>;
    actorPromise: Promise<Actor | null> | undefined;
  }
}
