/**
 * zod 4 compiles a fast parser for each object schema with `new Function` after probing whether eval is
 * allowed. In the browser the server's CSP forbids eval, so the probe only logs a CSP violation (a
 * Lighthouse best-practices finding) before zod falls back to its interpreter. The web app calls this
 * before any schema is built (zod reads the setting when a schema is created); the server keeps the JIT.
 */
import { config } from 'zod/v4/core';

export function disableZodJit(): void {
  config({ jitless: true });
}
