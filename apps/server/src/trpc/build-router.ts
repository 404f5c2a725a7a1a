/**
 * Builds the tRPC router from the contracts' operation declarations and one resolver per operation.
 * Everything about an operation except what it does (input, output, access, REST binding, caching)
 * comes from its declaration; `implement` only adds the resolver, and its type requires one for every
 * declared operation and nothing else.
 */
import type { ProceduresOf } from '@lectio/contracts/api';
import type {
  Operation,
  OperationOutput,
  OperationParsedInput,
  OperationTable,
} from '@lectio/contracts/operation';
import type { Access } from '@lectio/contracts/permissions';
import type { z } from 'zod';
import type { Actor } from '../services/context';
import { operationProcedure, type TrpcContext } from './init';

/** Public operations may be called anonymously; every other access rule guarantees an actor. */
type ActorFor<A extends Access> = A extends { kind: 'public' } ? Actor | null : Actor;

export interface ResolverOptions<O extends Operation> {
  ctx: TrpcContext & { actor: ActorFor<O['access']> };
  input: OperationParsedInput<O>;
}

/** Returns what the operation's output schema accepts; tRPC parses it into the declared output. */
export type Resolver<O extends Operation> = (
  options: ResolverOptions<O>,
) => Promise<z.input<O['output']>> | z.input<O['output']>;

export type Resolvers<T extends OperationTable> = { [K in keyof T]: Resolver<T[K]> };

/**
 * The output check tRPC runs on a resolver's answer. For an operation with a cache policy the check is
 * done once per answer object: a cached catalogue page (never mutated) is served again as the same object
 * (see `dataEnvelope`), so a cache hit neither re-validates nor, downstream, re-serialises it.
 */
function outputParser(operation: Operation): z.ZodType | ((value: unknown) => unknown) {
  const schema = operation.output;
  if (!operation.cache) return schema;
  const checked = new WeakMap<object, unknown>();
  return (value: unknown) => {
    if (typeof value !== 'object' || value === null) return schema.parse(value);
    if (checked.has(value)) return checked.get(value);
    const parsed = schema.parse(value);
    checked.set(value, parsed);
    return parsed;
  };
}

const envelopes = new WeakMap<object, { data: object }>();

/** `{ data }`, the same envelope object for the same data object (so `outputParser` can recognise it). */
export function dataEnvelope<T extends object>(data: T): { data: T } {
  let envelope = envelopes.get(data);
  if (!envelope) {
    envelope = { data };
    envelopes.set(data, envelope);
  }
  return envelope as { data: T };
}

function buildProcedure(operation: Operation, resolve: Resolver<Operation>) {
  const declared = operationProcedure.meta({ operation });
  const withInput = operation.input ? declared.input(operation.input) : declared;
  // The input step changes the builder's type parameters, not its methods; the procedures' precise types
  // come from the contracts (ProceduresOf), so the builder is used at this one shape here.
  const builder = (withInput as typeof declared).output(outputParser(operation));
  const resolver = resolve as Parameters<typeof builder.query>[0];
  return operation.kind === 'query' ? builder.query(resolver) : builder.mutation(resolver);
}

/** One namespace of the router: a procedure per declared operation, each with its resolver. */
export function implement<T extends OperationTable>(operations: T, resolvers: Resolvers<T>): ProceduresOf<T> {
  const procedures: Record<string, unknown> = {};
  for (const [name, operation] of Object.entries(operations)) {
    procedures[name] = buildProcedure(operation, resolvers[name] as Resolver<Operation>);
  }
  return procedures as ProceduresOf<T>;
}

/** The declared output type of an operation (for helpers that build part of a response). */
export type Output<O extends Operation> = OperationOutput<O>;
