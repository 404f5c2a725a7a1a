#!/usr/bin/env node
/**
 * Bundles the production server: src/main.ts and everything it imports (the workspace packages
 * @lectio/contracts, @lectio/db and the OpenAPI examples of @lectio/mocks are TypeScript source, so they
 * must be bundled) into dist/main.js, an ES module for Node 20, run with `node dist/main.js`; and the `pnpm admin:create` command line
 * (src/cli/create-admin.ts) into dist/admin-create.js, for the Docker image, which has no tsx.
 *
 * Stays outside the bundle (EXTERNAL): argon2 and resvg (native addons found next to their own files)
 * and PGlite (loads its .wasm/.data files relative to its own package). They are dependencies of @lectio/db, not of
 * this package, so a bare `import 'argon2'` from dist/ would not resolve in a production install: the
 * bundle imports them through the node_modules of the workspace package that depends on them
 * (../../../packages/db/node_modules/...).
 *
 * Files read at run time relative to the code are copied next to the bundle:
 *   packages/db/migrations      -> dist/migrations (client.ts looks for ./migrations next to the bundle)
 *   packages/db/src/seed/media  -> dist/media      (seed/demo.ts reads ./media relative to the module)
 *   Inter's TTFs (@expo-google-fonts/inter) -> dist/fonts (seed/demo-art.ts draws the demo thumbnails)
 * config.ts finds the repository root three levels above its directory: src/ and dist/ are at the same
 * depth, so apps/web/dist resolves the same from both.
 */
import { cpSync, existsSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverDir, '../..');
const outdir = path.join(serverDir, 'dist');
const dbDir = path.join(repoRoot, 'packages/db');

const EXTERNAL = ['argon2', '@electric-sql/pglite', '@resvg/resvg-js'];
/** The server and the workspace packages it bundles: where an external's production dependency is declared. */
const WORKSPACE_PACKAGES = [serverDir, dbDir, path.join(repoRoot, 'packages/contracts')];

const interDir = path.join(dbDir, 'node_modules/@expo-google-fonts/inter');
const ASSETS = [
  { from: path.join(dbDir, 'migrations'), to: path.join(outdir, 'migrations') },
  { from: path.join(dbDir, 'src/seed/media'), to: path.join(outdir, 'media') },
  ...['400Regular/Inter_400Regular.ttf', '700Bold/Inter_700Bold.ttf'].map((file) => ({
    from: path.join(interDir, file),
    to: path.join(outdir, 'fonts', path.basename(file)),
  })),
];

/** The workspace package that lists `name` in its (production) dependencies, or an error. */
function ownerOf(name) {
  for (const dir of WORKSPACE_PACKAGES) {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    if (manifest.dependencies?.[name] && existsSync(path.join(dir, 'node_modules', name))) return dir;
  }
  throw new Error(`${name} is external but no workspace package has it installed as a production dependency`);
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Rewrites `import ... from '<external>[/subpath]'` (from any importer, drizzle-orm's drivers included) to
 * a relative path through the owning workspace package's node_modules link, resolved with esbuild's own
 * resolver (so the package's `exports` and the `import` condition apply).
 */
const externalsThroughOwner = {
  name: 'externals-through-owner',
  setup(pluginBuild) {
    const filter = new RegExp(`^(${EXTERNAL.map(escapeRegExp).join('|')})(/.*)?$`);
    pluginBuild.onResolve({ filter }, async (args) => {
      if (args.pluginData?.externalsThroughOwner) return undefined;
      const name = EXTERNAL.find(
        (external) => args.path === external || args.path.startsWith(`${external}/`),
      );
      const owner = ownerOf(name);
      const resolved = await pluginBuild.resolve(args.path, {
        kind: args.kind,
        resolveDir: owner,
        pluginData: { externalsThroughOwner: true },
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      const link = path.join(owner, 'node_modules', name);
      const inPackage = path.relative(realpathSync(link), resolved.path);
      if (inPackage.startsWith('..'))
        throw new Error(`${args.path} resolved outside ${link}: ${resolved.path}`);
      const target = path.relative(outdir, path.join(link, inPackage)).split(path.sep).join('/');
      return { path: target.startsWith('.') ? target : `./${target}`, external: true };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });

const result = await build({
  // The server, and `pnpm admin:create` for images without tsx (`node dist/admin-create.js`).
  entryPoints: {
    main: path.join(serverDir, 'src/main.ts'),
    'admin-create': path.join(serverDir, 'src/cli/create-admin.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  minify: false,
  keepNames: false,
  plugins: [externalsThroughOwner],
  // Bundled CommonJS dependencies call require() for Node built-ins and may read __dirname/__filename.
  banner: {
    js: [
      "import { createRequire as __lectioCreateRequire } from 'node:module';",
      "import { dirname as __lectioDirname } from 'node:path';",
      "import { fileURLToPath as __lectioFileURLToPath } from 'node:url';",
      'const require = __lectioCreateRequire(import.meta.url);',
      'const __filename = __lectioFileURLToPath(import.meta.url);',
      'const __dirname = __lectioDirname(__filename);',
    ].join('\n'),
  },
  logLevel: 'warning',
  metafile: true,
});

for (const { from, to } of ASSETS) cpSync(from, to, { recursive: true });

const bytes = result.metafile.outputs[path.relative(process.cwd(), path.join(outdir, 'main.js'))]?.bytes;
const size = bytes ? ` (${(bytes / 1024 / 1024).toFixed(1)} MB)` : '';
console.log(
  `built ${path.relative(repoRoot, path.join(outdir, 'main.js'))}${size}; copied migrations, demo media and fonts`,
);
