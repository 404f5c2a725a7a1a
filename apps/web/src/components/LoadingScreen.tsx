import { PAGE_TEXT } from '@lectio/contracts/messages';

/** Shown while the start-up session check runs (spec section 2). */
export function LoadingScreen() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <p role="status" className="text-lg text-slate-700 dark:text-slate-300">
        {PAGE_TEXT.loading}
      </p>
    </div>
  );
}
