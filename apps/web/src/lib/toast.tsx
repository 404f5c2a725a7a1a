/**
 * Toasts (spec sections 4 and 9): top-right, success 2 s and green, error and blank 4 s, loading until
 * dismissed. react-hot-toast already keeps at most 20 (TOAST_LIMIT) on screen.
 *
 * Top-right, but below the top bars (decision): at the very top a toast covered the header's bell and
 * user menu for its whole life, and for longer under a resting pointer, since react-hot-toast pauses
 * its timers while hovered (so a user can read it).
 */
import { TOAST_DURATION_MS } from '@lectio/contracts/constants';
import { Toaster } from 'react-hot-toast';

export { toast } from 'react-hot-toast';

// green-700 on white text: 5.0:1 contrast.
const SUCCESS_BACKGROUND = '#15803d';

/** The dashboard's top bar and the public headers are 64-72 px tall; toasts start just below. */
const TOASTS_TOP_PX = 80;

export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      containerStyle={{ top: TOASTS_TOP_PX }}
      toastOptions={{
        duration: TOAST_DURATION_MS.blank,
        success: {
          duration: TOAST_DURATION_MS.success,
          style: { background: SUCCESS_BACKGROUND, color: '#ffffff' },
          iconTheme: { primary: '#ffffff', secondary: SUCCESS_BACKGROUND },
        },
        error: { duration: TOAST_DURATION_MS.error },
        loading: { duration: Number.POSITIVE_INFINITY },
      }}
    />
  );
}
