/** The Unauthorized page (spec section 2): a guarded section the signed-in user may not enter. */
import { PAGE_TEXT } from '@lectio/contracts/messages';
import { useRouter } from '@tanstack/react-router';

export function UnauthorizedPage() {
  const router = useRouter();
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{PAGE_TEXT.unauthorizedTitle}</h1>
      <p className="text-slate-700 dark:text-slate-300">{PAGE_TEXT.unauthorizedText}</p>
      <button
        type="button"
        onClick={() => router.history.back()}
        className="rounded-md bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700"
      >
        {PAGE_TEXT.goToBack}
      </button>
    </main>
  );
}
