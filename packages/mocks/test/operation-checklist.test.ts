/**
 * docs/ARCHITECTURE.md's "Adding an operation" names the files an operation touches. The compiler already
 * refuses an operation without a resolver (`implement` in apps/server/src/trpc/routers/<domain>.ts) or
 * without its line in apps/server/test/authorization.test.ts; this test refuses one without what the
 * mocks need: a read's default answer (src/defaults.ts) and the example the OpenAPI document shows
 * (src/<domain>.examples.ts). Each failure names the operation and the file to edit.
 */
import { listOperations, type OperationPath } from '@lectio/contracts/api';
import type { Operation } from '@lectio/contracts/operation';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultAnswers, handWrittenExample } from '../src/index';

type Example = { input?: unknown; output?: unknown } | undefined;

/** `sitePages` -> `site-pages`: the file name of a namespace. */
const fileOf = (path: string) =>
  path.split('.')[0]?.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`) as string;

/** What each operation misses of the checklist, as `<operation>: <file> (<what>)`. */
function checklistGaps(
  operations: { path: string; operation: Operation }[],
  exampleOf: (path: string) => Example,
  hasDefaultAnswer: (path: string) => boolean,
): string[] {
  const gaps: string[] = [];
  for (const { path, operation } of operations) {
    const examples = `packages/mocks/src/${fileOf(path)}.examples.ts`;
    const example = exampleOf(path);
    if (operation.kind === 'query' && !hasDefaultAnswer(path))
      gaps.push(`${path}: packages/mocks/src/defaults.ts (its default answer, built by the factories)`);
    if (operation.input && example?.input === undefined && !operation.input.safeParse({}).success)
      gaps.push(`${path}: ${examples} (its example input)`);
    if (operation.kind === 'mutation' && example?.output === undefined)
      gaps.push(`${path}: ${examples} (its example answer)`);
  }
  return gaps;
}

describe('the "Adding an operation" checklist', () => {
  it('every operation has the mocks’ part of it', () => {
    const defaults = defaultAnswers() as Record<string, unknown>;
    const gaps = checklistGaps(
      listOperations(),
      (path) => handWrittenExample(path as OperationPath),
      (path) => path in defaults,
    );
    expect(gaps).toEqual([]);
  });

  it('names the operation and the file it misses', () => {
    const operation = (kind: 'query' | 'mutation', input?: z.ZodType) =>
      ({ kind, ...(input ? { input } : {}) }) as unknown as Operation;
    const gaps = checklistGaps(
      [
        { path: 'courses.archive', operation: operation('mutation', z.object({ id: z.uuid() })) },
        { path: 'sitePages.history', operation: operation('query', z.object({ slug: z.string() })) },
        { path: 'courses.list', operation: operation('query', z.object({ limit: z.number().default(12) })) },
      ],
      () => undefined,
      (path) => path === 'courses.list',
    );
    expect(gaps).toEqual([
      'courses.archive: packages/mocks/src/courses.examples.ts (its example input)',
      'courses.archive: packages/mocks/src/courses.examples.ts (its example answer)',
      'sitePages.history: packages/mocks/src/defaults.ts (its default answer, built by the factories)',
      'sitePages.history: packages/mocks/src/site-pages.examples.ts (its example input)',
    ]);
  });
});
