#!/usr/bin/env bash
# Checks @lectio/contracts as another service would get it: builds it, packs it (publishConfig swaps the
# workspace's TypeScript-source exports for dist/), lints the package with publint and arethetypeswrong,
# then installs the tarball into an empty project and uses it from plain `node` and from TypeScript under
# NodeNext and Bundler resolution, including a tRPC client typed by the built AppRouter declaration
# (skipLibCheck: tRPC's own declarations need `ws` types; attw checks ours resolve).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
work="$(pwd)/node_modules/.cache/lectio/package-check"
rm -rf "$work" && mkdir -p "$work/pack" "$work/consumer"

pnpm build
pnpm pack --pack-destination "$work/pack" >/dev/null
tarball="$(ls "$work"/pack/*.tgz)"
pnpm exec publint --pack pnpm --strict
pnpm exec attw "$tarball" --profile esm-only \
  --entrypoints . ./api ./auth ./course ./lecture ./operation ./permissions ./errors ./rest ./openapi ./http-routes

cd "$work/consumer"
cat > package.json <<'JSON'
{ "name": "contracts-consumer", "private": true, "type": "module" }
JSON
npm install --no-audit --no-fund --loglevel=error "$tarball" zod@4 @trpc/server@11.22.1 @trpc/client@11.22.1 typescript@5.9.3 @types/node@22 >/dev/null
cat > plain.mjs <<'JS'
import { courseListQuerySchema } from '@lectio/contracts/course';
import { listOperations } from '@lectio/contracts/api';
const query = courseListQuerySchema.parse({ limit: '5' });
if (query.limit !== 5) throw new Error('schema did not parse');
if (!listOperations().some(({ path }) => path === 'courses.list')) throw new Error('no courses.list');
console.log(`plain node: ${listOperations().length} operations`);
JS
node plain.mjs
cat > consumer.ts <<'TS'
import type { AppRouter } from '@lectio/contracts/api';
import type { Course } from '@lectio/contracts/course';
import { createTRPCClient, httpBatchLink } from '@trpc/client';

const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: 'http://localhost:3000/trpc' })] });
export async function titles(): Promise<string[]> {
  const page = await client.courses.list.query({ limit: 3 });
  const courses: Course[] = page.data.courses;
  return courses.map((course) => course.title);
}
// The router type is real, not `any`: a wrong input, output or procedure is a type error.
export async function wrong(): Promise<void> {
  // @ts-expect-error category is one of the declared categories
  await client.courses.list.query({ category: 'Astrology' });
  // @ts-expect-error a title is a string
  const title: number = (await client.courses.get.query({ id: 'x' })).data.title;
  // @ts-expect-error there is no such procedure
  await client.courses.nothing.query();
  void title;
}
TS
for resolution in NodeNext Bundler; do
  module=$([[ $resolution == NodeNext ]] && echo NodeNext || echo ESNext)
  npx tsc --noEmit --strict --skipLibCheck --module "$module" --moduleResolution "$resolution" \
    --target ES2022 --types node --lib ES2023,DOM consumer.ts 2>&1 || { echo "tsc ($resolution) failed"; exit 1; }
  echo "TypeScript ($resolution): ok"
done
