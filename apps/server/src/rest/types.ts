/** Types that tie each HTTP route handler to its declaration in the contracts' `httpRoutes`. */
import type { HttpRouteName, httpRoutes } from '@lectio/contracts/http-routes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TokenService } from '../services/auth/tokens';
import type { Actor, ServiceContext } from '../services/context';

type Routes = typeof httpRoutes;
type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RestDeps {
  services: ServiceContext;
  tokens: TokenService;
}

export interface HttpHandlerInput<N extends HttpRouteName> extends RestDeps {
  params: Routes[N] extends { params: infer P } ? Out<P> : undefined;
  query: Routes[N] extends { query: infer Q } ? Out<Q> : undefined;
  /** Null only on public routes: the registrar refuses anonymous calls to any other route. */
  actor: Routes[N]['access'] extends { kind: 'public' } ? Actor | null : Actor;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** JSON routes return their body; binary routes send their stream on `reply` and return it. */
export type HttpHandler<N extends HttpRouteName> = (
  input: HttpHandlerInput<N>,
) => Promise<Routes[N]['responseKind'] extends 'binary' ? FastifyReply : z.input<Routes[N]['response']>>;

export type HttpHandlers = { [N in HttpRouteName]: HttpHandler<N> };
