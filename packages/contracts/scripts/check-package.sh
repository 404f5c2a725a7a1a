#!/usr/bin/env bash
# Checks @lectio/contracts as another service would get it: builds it, packs it (publishConfig swaps the
# workspace's TypeScript-source exports for dist/), lints the package with publint and arethetypeswrong,
# then installs the tarball into an empty project and uses it from plain `node` and from TypeScript under
# NodeNext and Bundler resolution, including a tRPC client typed by the built AppRouter declaration
# (skipLibCheck: tRPC's own declarations need `ws` types; attw checks ours resolve). @lectio/mocks goes
# through the same checks, and a second consumer installs BOTH tarballs (with npm, then with pnpm) next to
# the latest tRPC 11 and msw 3, the mocks' dependency on @lectio/contracts pinned to the contracts tarball
# (never the public registry, where the scope is not ours), and runs a vitest test of a REST call and a
# batched tRPC call answered by the mocks, `tsc --strict` under NodeNext and Bundler, and plain `node`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
work="$(pwd)/node_modules/.cache/lectio/package-check"
rm -rf "$work" && mkdir -p "$work/pack" "$work/consumer"

pnpm build
pnpm pack --pack-destination "$work/pack" >/dev/null
tarball="$(ls "$work"/pack/lectio-contracts-*.tgz)"
pnpm exec publint --pack pnpm --strict
pnpm exec attw "$tarball" --profile esm-only \
  --entrypoints . ./api ./auth ./course ./lecture ./operation ./permissions ./errors ./rest ./rest-input \
  ./openapi ./http-routes
(cd ../mocks && pnpm pack --pack-destination "$work/pack" >/dev/null)
mocks_tarball="$(ls "$work"/pack/lectio-mocks-*.tgz)"
pnpm exec publint ../mocks --pack pnpm --strict
pnpm exec attw "$mocks_tarball" --profile esm-only --entrypoints . ./api-mocks ./factories

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

# Both packages in a tester's project, outside the workspace, with npm and with pnpm.
TRPC_AND_MSW=(zod@4 @trpc/server@11 @trpc/client@11 msw@3 vitest@5 typescript@5.9.3 @types/node@22)
for manager in npm pnpm; do
  consumer="$(mktemp -d)"
  trap 'rm -rf "$consumer"' EXIT
  cp "$tarball" "$consumer/contracts.tgz" && cp "$mocks_tarball" "$consumer/mocks.tgz"
  cd "$consumer"
  # As README.md's tester section: the mocks' dependency on @lectio/contracts is overridden to the tarball.
  cat > package.json <<'JSON'
{
  "name": "mocks-consumer",
  "private": true,
  "type": "module",
  "devDependencies": { "@lectio/contracts": "file:./contracts.tgz", "@lectio/mocks": "file:./mocks.tgz" },
  "overrides": { "@lectio/contracts": "$@lectio/contracts" }
}
JSON
  printf 'overrides:\n  "@lectio/contracts": file:./contracts.tgz\n' > pnpm-workspace.yaml
  if [[ $manager == npm ]]; then
    npm install --no-audit --no-fund --loglevel=error "${TRPC_AND_MSW[@]}" >/dev/null
  else
    pnpm add "${TRPC_AND_MSW[@]}" >/dev/null
  fi
  cat > mocks.test.ts <<'TS'
import type { AppRouter } from '@lectio/contracts/api';
import { buildCourse, buildCoursePage, createApiMocks } from '@lectio/mocks';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';

const baseUrl = 'http://lectio.test';
const api = createApiMocks({ baseUrl });
const server = setupServer(...api.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

test('a REST call and a batched tRPC call, answered by the mocks', async () => {
  api.answer('courses.list', buildCoursePage([buildCourse({ title: 'Rust for Web Developers' })]));
  api.answer('courses.get', ({ input }) => ({ data: buildCourse({ _id: input.id, title: 'Go' }) }));
  const rest = await fetch(`${baseUrl}/api/v1/courses?limit=1`);
  expect(rest.status).toBe(200);
  const page = (await rest.json()) as { data: { courses: { title: string }[] } };
  expect(page.data.courses.map((course) => course.title)).toEqual(['Rust for Web Developers']);
  const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${baseUrl}/trpc` })] });
  const id = '00000000-0000-4000-8000-0000000000aa';
  const [list, course] = await Promise.all([client.courses.list.query({ limit: 1 }), client.courses.get.query({ id })]);
  expect(list.data.courses[0]?.title).toBe('Rust for Web Developers');
  expect(course.data.title).toBe('Go');
  expect(api.calls('courses.get').map((call) => call.transport)).toEqual(['trpc']);
});
TS
  npx vitest run --root . mocks.test.ts 2>&1 | tail -4
  for resolution in NodeNext Bundler; do
    module=$([[ $resolution == NodeNext ]] && echo NodeNext || echo ESNext)
    npx tsc --noEmit --strict --skipLibCheck --module "$module" --moduleResolution "$resolution" \
      --target ES2022 --types node --lib ES2023,DOM mocks.test.ts 2>&1 || { echo "tsc ($manager, $resolution) failed"; exit 1; }
    echo "mocks consumer ($manager) TypeScript ($resolution): ok"
  done
  node --input-type=module -e "import { createApiMocks } from '@lectio/mocks'; const api = createApiMocks({ baseUrl: 'http://lectio.test' }); console.log('mocks consumer ($manager) plain node: ' + api.handlers.length + ' handlers');"
  cd - >/dev/null
  rm -rf "$consumer"
done
