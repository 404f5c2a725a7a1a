/** The root README's "Testing against Lectio" sample is the example consumer test, word for word. */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

it('README.md shows test/example-consumer.test.ts', () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## Testing against Lectio'));
  const sample = /```ts\n([\s\S]*?)```/.exec(section)?.[1]?.trim();
  const example = readFileSync(new URL('./example-consumer.test.ts', import.meta.url), 'utf8');
  // The example's first line is a comment pointing at the README.
  expect(sample).toBe(example.slice(example.indexOf('\n') + 1).trim());
});
