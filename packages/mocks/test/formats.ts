/**
 * Checks the string formats the contracts document (`.meta({ format })`: uuid, date-time, date, email,
 * uri) that zod itself does not check, as the server's OpenAPI conformance test does: walks a zod 4
 * schema alongside a value and lists every string that misses its format.
 */
import { z } from 'zod';

const FORMAT_CHECKS: Record<string, (value: string) => boolean> = {
  uuid: (value) => z.uuid().safeParse(value).success,
  'date-time': (value) => z.iso.datetime({ offset: true }).safeParse(value).success,
  date: (value) => z.iso.date().safeParse(value).success,
  email: (value) => z.email().safeParse(value).success,
  uri: (value) => URL.canParse(value),
};

interface Def {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
}

export function formatProblems(schema: z.ZodType, value: unknown, path = ''): string[] {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const format = (schema.meta() as { format?: string } | undefined)?.format;
  const problems: string[] = [];
  if (typeof value === 'string' && format && FORMAT_CHECKS[format] && !FORMAT_CHECKS[format](value)) {
    problems.push(`${path || '(root)'}: ${JSON.stringify(value)} is not a ${format}`);
  }
  const walk = (inner: z.ZodType | undefined, at: unknown, where = path): void => {
    if (inner) problems.push(...formatProblems(inner, at, where));
  };
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      if (value !== undefined && value !== null) walk(def.innerType, value);
      break;
    case 'object':
      if (value && typeof value === 'object') {
        for (const [key, field] of Object.entries(def.shape ?? {})) {
          walk(field, (value as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
        }
      }
      break;
    case 'array':
      if (Array.isArray(value)) {
        for (const [index, item] of value.entries()) walk(def.element, item, `${path}.${index}`);
      }
      break;
    case 'record':
      if (value && typeof value === 'object') {
        for (const [key, item] of Object.entries(value)) walk(def.valueType, item, `${path}.${key}`);
      }
      break;
    case 'union':
      // The first option the value parses with is the one that describes it.
      walk(
        def.options?.find((option) => option.safeParse(value).success),
        value,
      );
      break;
    case 'intersection':
      walk(def.left, value);
      walk(def.right, value);
      break;
    case 'pipe':
      walk(def.in, value);
      break;
  }
  return problems;
}
