/**
 * A kit form's call to the server, with the refusal routed the one way (`applyServerErrors`): the form's
 * message line is cleared, the request sent, and a refusal puts its field issues on their fields and the
 * rest on the line. Resolves to the server's answer, or undefined after a refusal; `onRefused` is for what
 * a refusal changes besides (a 409 that means the screen is out of date: refetch it).
 */
import type { AnyFormApi } from '@tanstack/react-form';
import { applyServerErrors } from './server-errors';

export async function sendForm<Result>(
  form: AnyFormApi,
  setMessage: (message: string | null) => void,
  send: () => Promise<Result>,
  onRefused?: (failure: unknown, message: string | null) => unknown,
): Promise<Result | undefined> {
  setMessage(null);
  try {
    return await send();
  } catch (failure) {
    const message = applyServerErrors(form, failure);
    setMessage(message);
    await onRefused?.(failure, message);
    return undefined;
  }
}
