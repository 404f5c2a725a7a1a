/**
 * String formats and numeric bounds the schemas share, for the OpenAPI document, and the one primitive
 * every text a client sends is built on (`inputString`).
 *
 * The formats are JSON Schema annotations only (`.meta({ format })`): zod does not check them, so test
 * fixtures and mocks may keep short ids, while the document states what the server really sends (every
 * id is a database uuid, every timestamp an ISO date-time) and the server's conformance test
 * (apps/server/test/helpers/api-conformance.ts) checks each answer against it with those formats on.
 * The numeric bounds are real checks, and hold by construction: counts are `count(*)` results or
 * PostgreSQL `integer` columns.
 */
import { z } from 'zod';
import { VALIDATION } from './messages.js';

/** The largest PostgreSQL `integer` (int4): the bound of every stored count, position and duration. */
export const INT32_MAX = 2_147_483_647;

/** Text without U+0000; a `pattern` in the OpenAPI document. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing U+0000 is the point of this pattern.
const WITHOUT_NUL = /^[^\u0000]*$/;

/**
 * Any text a client sends (body, query, path): a string without U+0000, which PostgreSQL can store in
 * neither `text` nor `jsonb`, so it would otherwise fail as a query error (a 500) deep in a service. Every
 * input schema builds its strings on this one, so every operation refuses NUL with a 400 whose issue names
 * the field; contracts/test/input-strings.test.ts walks every operation's input to keep it so. `params`
 * are `z.string()`'s (a custom `error` for a missing or non-string value).
 */
export const inputString = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .regex(WITHOUT_NUL, { error: (issue) => VALIDATION.nulCharacter(issue.path?.join('.') ?? '') });

/** A uuid (a database id), documented as `format: uuid`; zod checks only that it is a string. */
export const uuidString = () => z.string().meta({ format: 'uuid' });

/** A uuid taken as input, documented as `format: uuid`; checked only as text (services check the shape). */
export const uuidText = () => inputString().meta({ format: 'uuid' });

/** An id taken as input: non-empty (ids that don't exist answer 404, not 400), documented as a uuid. */
export const uuidInput = () => inputString().min(1).meta({ format: 'uuid' });

/** The instants a timestamptz column takes from us: years 1 to 9999 (PostgreSQL has no year 0). */
const EARLIEST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const LATEST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * An instant taken as input: a date JavaScript can read, in years 1 to 9999 (later years are written
 * "+012598-…" and earlier ones "-000001-…" or "0000-…", which PostgreSQL doesn't store), with `message`
 * for anything else; `format: date-time`.
 */
export const dateTimeInput = (message: string) =>
  inputString({ error: message })
    .max(40, message)
    .refine((value) => {
      const time = Date.parse(value);
      return !Number.isNaN(time) && time >= EARLIEST_INSTANT && time <= LATEST_INSTANT;
    }, message)
    .meta({ format: 'date-time' });

/** An ISO 8601 instant as `Date.toISOString()` writes it, documented as `format: date-time`. */
export const dateTimeString = () => z.string().meta({ format: 'date-time' });

/** A UTC calendar day, `YYYY-MM-DD`, documented as `format: date`. */
export const dateString = () => z.string().meta({ format: 'date' });

/** An e-mail address as stored (checked with `z.email()` when it was written), `format: email`. */
export const emailString = () => z.string().meta({ format: 'email' });

/** An absolute URL the server built (storage download and upload targets), `format: uri`. */
export const uriString = () => z.string().meta({ format: 'uri' });

/** A count or other stored non-negative integer. */
export const countNumber = () => z.number().int().min(0).max(INT32_MAX);

/** A whole number a client sends, from `min` to `max`; every way of missing that answers `message`. */
export const wholeNumberInput = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** A percentage, 0 to 100. */
export const percentNumber = () => z.number().min(0).max(100);

/** An amount in major units (499 = ₹499) of a non-negative `integer` column of minor units. */
export const amountNumber = () =>
  z
    .number()
    .min(0)
    .max(INT32_MAX / 100);

/**
 * The paging fields of a list read a page at a time, newest first: the previous page's `nextCursor`
 * (opaque, at most 200 characters; left out for the first page) and how many rows to answer (1 to `max`,
 * `defaultLimit` when left out). Spread into the list's input object.
 */
export const pageInput = (max: number, defaultLimit: number) => ({
  cursor: inputString().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(max).default(defaultLimit),
});

/**
 * The answer of a list read a page at a time: the page's `item`s under `key`, and the cursor of the next
 * page (null on the last one). Other fields of the answer are added with `.extend()`.
 */
export const pageOutput = <Key extends string, Item extends z.ZodType>(key: Key, item: Item) =>
  z.object({
    ...({ [key]: z.array(item) } as Record<Key, z.ZodArray<Item>>),
    nextCursor: z.string().nullable(),
  });
