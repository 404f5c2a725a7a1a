/** Ids are UUIDs (every table's primary key): the one check that a value can name a row. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Anything that is not a UUID can't name a row (and must not reach a uuid column as a query error). */
export const isUuid = (value: string): boolean => UUID.test(value);

/** 16 bytes as a UUID's text (8-4-4-4-12 hex digits). */
export function uuidText(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
