/** Column helpers shared by the schema files, so every table spells ids, timestamps and enum checks alike. */
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, timestamp, type UpdateDeleteAction, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Set by the database on insert and by drizzle on every `update()` through the query builder. */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** When a row was made and last changed: the pair most tables carry. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/**
 * `column IN ('a', 'b', ...)` with the values inlined: a CHECK constraint can't take bind parameters.
 * The values come from constants in code, never from users; quotes are escaped anyway.
 */
export function oneOf(column: AnyColumn, values: readonly string[]): SQL {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}

/** A uuid column holding another table's id, and what happens to it when that row is deleted. */
export const ref = (name: string, target: () => AnyPgColumn, onDelete: UpdateDeleteAction) =>
  uuid(name).references(target, { onDelete });
