/**
 * Build step: writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to every JS, CSS,
 * HTML, SVG and JSON file of the build, for the server's @fastify/static `preCompressed` option
 * (apps/server/src/plugins/web-app.ts). Compressing once at build time costs the server no CPU per
 * request. A variant that would not be smaller than the file is not written; the server then falls back
 * to the next encoding or the plain file.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function precompressFile(
  file: string,
): Promise<{ plain: number; br: number | null; gz: number | null }> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: 9 }),
  ]);
  const written = { plain: content.length, br: null as number | null, gz: null as number | null };
  if (br.length < content.length) {
    await writeFile(`${file}.br`, br);
    written.br = br.length;
  }
  if (gz.length < content.length) {
    await writeFile(`${file}.gz`, gz);
    written.gz = gz.length;
  }
  return written;
}

export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lectio-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((fileName) => COMPRESSIBLE.test(fileName));
      const results = await Promise.all(
        files.map((fileName) => precompressFile(path.join(outDir, fileName))),
      );
      const total = results.reduce<{ plain: number; br: number; gz: number }>(
        (sum, result) => ({
          plain: sum.plain + result.plain,
          br: sum.br + (result.br ?? result.plain),
          gz: sum.gz + (result.gz ?? result.plain),
        }),
        { plain: 0, br: 0, gz: 0 },
      );
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
      this.info(
        `precompressed ${files.length} files: ${kb(total.plain)} -> brotli ${kb(total.br)}, gzip ${kb(total.gz)}`,
      );
    },
  };
}
