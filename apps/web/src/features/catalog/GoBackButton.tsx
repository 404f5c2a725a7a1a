import { useRouter } from '@tanstack/react-router';
import { CATALOG_TEXT } from './catalog-text';
import { actionClassName } from './ui-classes';

/** 'Go Back' (spec section 2): one step back in the browser history. */
export function GoBackButton() {
  const router = useRouter();
  return (
    <button
      type="button"
      onClick={() => router.history.back()}
      className={actionClassName('secondary', 'small')}
    >
      <span aria-hidden="true">&larr;</span> {CATALOG_TEXT.goBack}
    </button>
  );
}
