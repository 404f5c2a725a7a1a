/** `pnpm admin:create` (and `node dist/admin-create.js` in the image): see create-admin-command.ts. */
import { runCreateAdmin } from './create-admin-command';

runCreateAdmin(process.argv.slice(2), process.env, {
  input: process.stdin,
  output: process.stdout,
  errorOutput: process.stderr,
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
