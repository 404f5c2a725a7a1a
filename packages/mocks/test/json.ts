import type { ApiErrorBody } from '@lectio/contracts/errors';

/** A response's JSON body as the type the test expects (an error body unless told otherwise). */
export async function json<T = ApiErrorBody>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
