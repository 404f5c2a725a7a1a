/**
 * The header's 'Product' dropdown on wide screens (spec section 1), built as a WAI-ARIA disclosure: a
 * button with aria-expanded and aria-controls shows or hides a panel of links. Escape closes it and puts
 * focus back on the button; a press outside closes it; so does Tab moving focus out of it. Choosing an
 * item (all placeholders) closes it and returns focus to the button.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { HEADER_TEXT, PRODUCT_ACTIONS, PRODUCT_ITEMS } from './home-text';
import { LandingIcon } from './landing-icons';
import { PlaceholderLink } from './PlaceholderLink';

export function ProductMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const container = containerRef.current;
    // Only a focus move to another element counts: a click on the panel's padding blurs to nothing.
    function onFocusOut(event: FocusEvent) {
      const next = event.relatedTarget;
      if (next instanceof Node && !container?.contains(next)) setOpen(false);
    }
    function onPointerDown(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node | null)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    container?.addEventListener('focusout', onFocusOut);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      container?.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const closeAndRefocus = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
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
        <ul aria-label={HEADER_TEXT.productMenu} className="p-4">
          {PRODUCT_ITEMS.map((item) => (
            <li
              key={item.name}
              className="group relative flex gap-x-5 rounded-lg p-4 text-sm hover:bg-slate-50 dark:hover:bg-slate-800"
            >
              <div className="mt-1 flex h-11 w-11 flex-none items-center justify-center rounded-lg bg-slate-50 group-hover:bg-white dark:bg-slate-800 dark:group-hover:bg-slate-700">
                <LandingIcon
                  name={item.icon}
                  className="h-6 w-6 text-slate-600 group-hover:text-indigo-600 dark:text-slate-300 dark:group-hover:text-indigo-300"
                />
              </div>
              <div>
                <PlaceholderLink
                  onActivate={closeAndRefocus}
                  className="block rounded font-semibold text-slate-900 dark:text-slate-100"
                >
                  {item.name}
                  {/* Makes the whole item clickable; the link's name stays the product's name. */}
                  <span className="absolute inset-0" />
                </PlaceholderLink>
                <p className="mt-1 text-slate-600 dark:text-slate-300">{item.description}</p>
              </div>
            </li>
          ))}
        </ul>
        <ul className="grid grid-cols-2 divide-x divide-slate-900/5 bg-slate-50 dark:divide-white/10 dark:bg-slate-800">
          {PRODUCT_ACTIONS.map((action) => (
            <li key={action.name}>
              <PlaceholderLink
                onActivate={closeAndRefocus}
                className="flex items-center justify-center gap-x-2.5 p-3 text-sm font-semibold text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-700"
              >
                <LandingIcon
                  name={action.icon}
                  className="h-5 w-5 flex-none text-slate-500 dark:text-slate-400"
                />
                {action.name}
              </PlaceholderLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
