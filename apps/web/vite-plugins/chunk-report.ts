/**
 * Build step: writes `dist/.vite/chunks.json`, which modules each JavaScript chunk holds (paths relative
 * to the repository, packages as `node_modules/<name>`). e2e/tests/budget.spec.ts reads it to prove that
 * the landing page requests no chunk carrying charts, Stripe, the player or dashboard screens. The server
 * does not serve it (@fastify/static leaves dot directories out).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

export interface ChunkReport {
  [fileName: string]: { isEntry: boolean; isDynamicEntry: boolean; modules: string[] };
}

/** `…/node_modules/.pnpm/x@1/node_modules/@scope/name/lib/a.js` -> `node_modules/@scope/name/lib/a.js`. */
function describeModule(id: string, repoRoot: string): string {
  const clean = id.replace(/^\0/, '');
  const packagePath = clean.match(/.*node_modules\/((?:@[^/]+\/)?[^/]+\/.*)$/)?.[1];
  if (packagePath) return `node_modules/${packagePath}`;
  return path.isAbsolute(clean) ? path.relative(repoRoot, clean) : clean;
}

export function chunkReportPlugin(repoRoot: string): Plugin {
  let outDir = 'dist';
  return {
    name: 'lectio-chunk-report',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const report: ChunkReport = {};
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        report[fileName] = {
          isEntry: output.isEntry,
          isDynamicEntry: output.isDynamicEntry,
          modules: output.moduleIds.map((id) => describeModule(id, repoRoot)).sort(),
        };
      }
      await mkdir(path.join(outDir, '.vite'), { recursive: true });
      await writeFile(path.join(outDir, '.vite', 'chunks.json'), `${JSON.stringify(report, null, 1)}\n`);
    },
  };
}
