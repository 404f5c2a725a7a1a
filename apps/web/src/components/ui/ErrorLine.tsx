/**
 * A failure said where it happened (above the buttons that failed, above "Load more"): an alert line, or
 * nothing while there is no message. A form's own line is `FormMessage`, which stays in place empty.
 */
import { errorTextClassName } from './ui-classes';

export function ErrorLine({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className={errorTextClassName}>
      {message}
    </p>
  );
}
