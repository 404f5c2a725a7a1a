import { useRouter } from '@tanstack/react-router';
import { actionClassName } from '~/components/ui/ui-classes';
import { CATALOG_TEXT } from './catalog-text';

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
