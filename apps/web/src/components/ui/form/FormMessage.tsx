/** The server's message under a form (spec section 5). Announced as an alert when it appears. */
export function FormMessage({ message }: { message: string | null }) {
  return (
    <div role="alert" aria-live="assertive" className="min-h-6">
      {message ? <p className="text-sm font-medium text-red-700 dark:text-red-400">{message}</p> : null}
    </div>
  );
}
