/**
 * Imported first by main.tsx, so it runs before any module that builds a zod schema: the CSP forbids
 * eval, and without this zod would probe `new Function` (a console CSP violation) before falling back to
 * the interpreter it uses anyway. See @lectio/contracts/zod-config.
 */
import { disableZodJit } from '@lectio/contracts/zod-config';

disableZodJit();
