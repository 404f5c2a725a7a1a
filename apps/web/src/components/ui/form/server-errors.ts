/**
 * The one place server field errors meet form fields (decision 0056). A refused call's `issues` (REST's
 * error body, or tRPC's `data.issues` from the server's errorFormatter; read by `serverFailure`) whose path
 * names a field of the form are set on that field as its `onServer` error; the others' messages, or the
 * server's own message when there were no issues, are returned for the form's message line (null when
 * every issue found its field).
 * Typing in the field clears its server error (`clearServerError`, called by the kit's field components).
 */
import type { AnyFieldApi, AnyFormApi } from '@tanstack/react-form';
import { errorMessage, serverFailure } from '~/lib/api-errors';

export function applyServerErrors(form: AnyFormApi, error: unknown): string | null {
  const issues = serverFailure(error)?.issues ?? [];
  const fields = new Set(Object.keys(form.fieldInfo));
  const unmapped: string[] = [];
  for (const issue of issues) {
    if (fields.has(issue.path)) {
      form.setFieldMeta(issue.path, (meta) => ({
        ...meta,
        errorMap: { ...meta.errorMap, onServer: issue.message },
      }));
    } else if (!unmapped.includes(issue.message)) {
      unmapped.push(issue.message);
    }
  }
  if (unmapped.length > 0) return unmapped.join(' ');
  return issues.length > 0 ? null : errorMessage(error);
}

export function clearServerError(field: AnyFieldApi): void {
  if (field.state.meta.errorMap.onServer === undefined) return;
  field.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: undefined } }));
}
