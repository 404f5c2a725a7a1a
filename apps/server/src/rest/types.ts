/** Types that tie each REST handler to its route in the contracts table. */
import type { RestRouteName, RestRoutes } from '@lectio/contracts/rest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TokenService } from '../services/auth/tokens';
import type { Actor, ServiceContext } from '../services/context';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RestDeps {
  services: ServiceContext;
  tokens: TokenService;
}

export interface HandlerInput<N extends RestRouteName> extends RestDeps {
  params: RestRoutes[N] extends { params: infer P } ? Out<P> : undefined;
  query: RestRoutes[N] extends { query: infer Q } ? Out<Q> : undefined;
  body: RestRoutes[N] extends { body: infer B } ? Out<B> : undefined;
  /** Null only on public routes: the registrar refuses anonymous calls to any other route. */
  actor: Actor | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RestHandler<N extends RestRouteName> = (
  input: HandlerInput<N>,
) => Promise<z.input<RestRoutes[N]['response']>>;

export type RestHandlers = { [N in RestRouteName]: RestHandler<N> };
