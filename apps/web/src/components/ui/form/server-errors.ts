/**
 * The one place server field errors meet form fields (decision 0056). A refused call's `issues` (REST's
 * error body, or tRPC's `data.issues` from the server's errorFormatter; read by `serverFailure`) whose path
 * names a field of the form are set on that field as its `onServer` error; the others' messages, or the
 * server's own message when there were no issues, are returned for the form's message line (null when
 * every issue found its field).
 * A refusal that arrives outside a submit (the checkout's coupon code, refused by the price preview) is set
 * on its field with `refuseField`, shown at once.
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
      setServerError(form, issue.path, issue.message);
    } else if (!unmapped.includes(issue.message)) {
      unmapped.push(issue.message);
    }
  }
  if (unmapped.length > 0) return unmapped.join(' ');
  return issues.length > 0 ? null : errorMessage(error);
}

/** The server's refusal of a field's value, shown on the field at once (an `ImmediateError`). */
export function refuseField(form: AnyFormApi, name: string, message: string): void {
  setServerError(form, name, { message, showNow: true });
}

function setServerError(form: AnyFormApi, name: string, error: string | { message: string; showNow: true }) {
  form.setFieldMeta(name, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: error } }));
}

export function clearServerError(field: AnyFieldApi): void {
  if (field.state.meta.errorMap.onServer === undefined) return;
  field.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: undefined } }));
}
