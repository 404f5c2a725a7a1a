/** Ids are UUIDs (every table's primary key): the one check that a value can name a row. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Anything that is not a UUID can't name a row (and must not reach a uuid column as a query error). */
export const isUuid = (value: string): boolean => UUID.test(value);
