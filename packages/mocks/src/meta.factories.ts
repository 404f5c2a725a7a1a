/** Factories for the meta.* operations' answers (see sequence.ts for ids and dates). */
import type { healthResponseSchema } from '@lectio/contracts/meta';
import type { z } from 'zod';
import { given } from './sequence.js';

export type Health = z.output<typeof healthResponseSchema>;

/** The `meta.health` output. */
export function buildHealth(overrides: Partial<Health> = {}): Health {
  return { status: 'ok', database: 'ok', version: '0.1.0', ...given(overrides) };
}
