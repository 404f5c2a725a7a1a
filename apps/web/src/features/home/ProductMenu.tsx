/**
 * The header's 'Product' dropdown on wide screens (spec section 1), built as a WAI-ARIA disclosure: a
 * button with aria-expanded and aria-controls shows or hides a panel of links. Escape closes it and puts
 * focus back on the button; a press outside closes it; so does Tab moving focus out of it. Each item
 * opens its section of the Features page; the two actions open 'How it works' and the Support page.
 *
 * The panel's content (ProductPanel: the items, their descriptions and icons, and the listeners that
 * close it) is loaded when the dropdown is first wanted: pointing at, pressing or focusing the button
 * starts the load, so it is there by the time the button is activated, and the landing page's first
 * load stays within its budget.
 */
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { HEADER_TEXT } from './home-text';
import { LandingIcon } from './landing-icons';

const loadPanel = () => import('./ProductPanel');
const ProductPanel = lazy(loadPanel);
export function ProductMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onPointerEnter={() => void loadPanel()}
        onPointerDown={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen((current) => !current)}
        className="flex items-center gap-x-1 rounded-md text-sm font-semibold text-slate-900 dark:text-slate-100"
      >
        {HEADER_TEXT.product}
        <LandingIcon
          name="chevron-down"
          className={`h-5 w-5 text-slate-500 transition-transform dark:text-slate-400 ${open ? 'rotate-180' : ''}`}
        />
      </button>

      <div
        id={panelId}
        hidden={!open}
        className="absolute top-full left-0 z-20 mt-3 w-screen max-w-md overflow-hidden rounded-2xl bg-white shadow-lg ring-1 ring-slate-900/5 lg:-left-8 dark:bg-slate-900 dark:ring-white/10"
      >
        {open ? (
          <Suspense fallback={null}>
            <ProductPanel onClose={close} container={containerRef} button={buttonRef} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
