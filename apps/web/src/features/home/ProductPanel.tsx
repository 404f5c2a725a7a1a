/**
 * The content of the 'Product' dropdown's panel: the five products, each with its icon and one-line
 * description, leading to its section of the Features page, and the two actions. Loaded when the
 * dropdown is first wanted (ProductMenu), so the landing page's first load carries none of it. While it
 * shows, Escape closes it and puts focus back on the button; a press outside closes it; so does Tab
 * moving focus out of the dropdown.
 */
import { type RefObject, useEffect } from 'react';
import { HEADER_TEXT } from './home-text';
import { ProductActionLink, ProductItemLink } from './product-links';
import { PRODUCT_ACTIONS, PRODUCT_ITEMS, type ProductActionIcon, type ProductIcon } from './product-text';

/** Outline icons on a 24-unit grid, drawn with the current text colour. */
const ICON_PATHS: Record<ProductIcon | ProductActionIcon, string> = {
  analytics: 'M4 20V10m6 10V4m6 16v-7m4 7H2',
  engagement: 'M8 10h8M8 14h5m-9 6 3-3h10a3 3 0 0 0 3-3V7a3 3 0 0 0-3-3H7a3 3 0 0 0-3 3v13Z',
  security: 'M12 3 4 6v6c0 4.5 3.4 8.1 8 9 4.6-.9 8-4.5 8-9V6l-8-3Zm-3 9 2 2 4-4',
  integrations:
    'M14 4a2 2 0 1 0-4 0v2H6v4h2a2 2 0 1 1 0 4H6v4h4v-2a2 2 0 1 1 4 0v2h4v-4h-2a2 2 0 1 1 0-4h2V6h-4V4Z',
  automations: 'M4 4v5h5M20 20v-5h-5M5.5 15a7 7 0 0 0 12.9 1.5M18.5 9A7 7 0 0 0 5.6 7.5',
  play: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-2-12.5v7l6-3.5-6-3.5Z',
  phone: 'M5 3h3l2 5-2.5 1.5a11 11 0 0 0 5 5L14 12l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2Z',
};

function ProductIconSvg({ name, className }: { name: ProductIcon | ProductActionIcon; className: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}

export default function ProductPanel({
  onClose,
  container,
  button,
}: {
  onClose: () => void;
  /** The dropdown: its button and this panel. */
  container: RefObject<HTMLElement | null>;
  button: RefObject<HTMLElement | null>;
}) {
  useEffect(() => {
    const element = container.current;
    // Only a focus move to another element counts: a click on the panel's padding blurs to nothing.
    function onFocusOut(event: FocusEvent) {
      const next = event.relatedTarget;
      if (next instanceof Node && !element?.contains(next)) onClose();
    }
    function onPointerDown(event: PointerEvent) {
      if (!element?.contains(event.target as Node | null)) onClose();
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      onClose();
      button.current?.focus();
    }
    element?.addEventListener('focusout', onFocusOut);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      element?.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [onClose, container, button]);

  return (
    <>
      <ul aria-label={HEADER_TEXT.productMenu} className="p-4">
        {PRODUCT_ITEMS.map((item) => (
          <li
            key={item.name}
            className="group relative flex gap-x-5 rounded-lg p-4 text-sm hover:bg-slate-50 dark:hover:bg-slate-800"
          >
            <div className="mt-1 flex h-11 w-11 flex-none items-center justify-center rounded-lg bg-slate-50 group-hover:bg-white dark:bg-slate-800 dark:group-hover:bg-slate-700">
              <ProductIconSvg
                name={item.icon}
                className="h-6 w-6 text-slate-600 group-hover:text-indigo-600 dark:text-slate-300 dark:group-hover:text-indigo-300"
              />
            </div>
            <div>
              <ProductItemLink
                item={item}
                onClick={onClose}
                className="block rounded font-semibold text-slate-900 dark:text-slate-100"
              >
                {item.name}
                {/* Makes the whole item clickable; the link's name stays the product's name. */}
                <span className="absolute inset-0" />
              </ProductItemLink>
              <p className="mt-1 text-slate-600 dark:text-slate-300">{item.description}</p>
            </div>
          </li>
        ))}
      </ul>
      <ul className="grid grid-cols-2 divide-x divide-slate-900/5 bg-slate-50 dark:divide-white/10 dark:bg-slate-800">
        {PRODUCT_ACTIONS.map((action) => (
          <li key={action.name}>
            <ProductActionLink
              action={action}
              onClick={onClose}
              className="flex items-center justify-center gap-x-2.5 p-3 text-sm font-semibold text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-700"
            >
              <ProductIconSvg
                name={action.icon}
                className="h-5 w-5 flex-none text-slate-500 dark:text-slate-400"
              />
              {action.name}
            </ProductActionLink>
          </li>
        ))}
      </ul>
    </>
  );
}
