/**
 * What a failed profile call means for its form: the server's field issues (a wrong current password is a
 * 400 on `currentPassword`) go under their fields, anything else is the form's message.
 */
import { errorMessage, serverFailure } from '~/lib/api-errors';

export interface FormFailure {
  fields: Record<string, string>;
  message: string | null;
}

export function formFailure(error: unknown, fields: readonly string[]): FormFailure {
  const failure = serverFailure(error);
  const byField: Record<string, string> = {};
  for (const issue of failure?.issues ?? []) {
    if (fields.includes(issue.path) && !(issue.path in byField)) byField[issue.path] = issue.message;
  }
  return {
    fields: byField,
    message: Object.keys(byField).length > 0 ? null : errorMessage(error),
  };
}
