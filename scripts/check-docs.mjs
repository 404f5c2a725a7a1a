#!/usr/bin/env node
/**
 * Docs that must stay a map: docs/ARCHITECTURE.md is at most 200 lines (history goes to
 * docs/decisions/, figures to bench/README.md). Part of `pnpm lint`, so CI runs it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAX_ARCHITECTURE_LINES = 200;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const text = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');
const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
if (lines > MAX_ARCHITECTURE_LINES) {
  console.error(
    `docs/ARCHITECTURE.md has ${lines} lines; it is a map of at most ${MAX_ARCHITECTURE_LINES}. Move history to docs/decisions/ and figures to bench/README.md.`,
  );
  process.exit(1);
}
console.log(`docs/ARCHITECTURE.md: ${lines} lines (at most ${MAX_ARCHITECTURE_LINES})`);
