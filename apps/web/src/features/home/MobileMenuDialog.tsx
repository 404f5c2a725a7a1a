/**
 * The narrow-screen menu (spec section 1): a full-height side panel, the app's modal dialog
 * (components/ui/Dialog `SideSheet`, React Aria). Opening moves focus to 'Close menu'; focus stays inside;
 * Escape, 'Close menu' and a press on the backdrop close it, and focus returns to 'Open main menu'; the
 * page behind does not scroll and is hidden from assistive technology. It holds a collapsible 'Product'
 * section (a disclosure with the dropdown's items), the links Features, Courses and About, then 'Log in'
 * and 'Sign up' (or 'Dashboard' for a signed-in visitor). Every entry leads to a real page and closes the
 * dialog. It closes itself when the viewport reaches the desktop layout (768 px), where its opener is gone.
 */
import { MOBILE_BREAKPOINT_PX } from '@lectio/contracts/constants';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { DialogButton, DialogHeading, SideSheet } from '~/components/ui/Dialog';
import { sectionBase, sectionHomeLink } from '~/lib/links';
import { useSession } from '~/lib/session';
import { HEADER_LINKS, HEADER_TEXT, HOME_TEXT } from './home-text';
import { LandingIcon } from './landing-icons';
import { ProductActionLink, ProductItemLink } from './product-links';
import { PRODUCT_ACTIONS, PRODUCT_ITEMS } from './product-text';

const linkClassName =
  '-mx-3 block rounded-lg px-3 py-2 text-base font-semibold text-slate-900 hover:bg-slate-50 dark:text-slate-100 dark:hover:bg-slate-800';
const productLinkClassName =
  'block rounded-lg py-2 pr-3 pl-6 text-sm font-semibold text-slate-900 hover:bg-slate-50 dark:text-slate-100 dark:hover:bg-slate-800';

export function MobileMenuDialog({ onClose }: { onClose: () => void }) {
  const productPanelId = useId();
  const [productOpen, setProductOpen] = useState(false);
  const { user } = useSession();

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const desktop = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const onChange = () => {
      if (desktop.matches) onClose();
    };
    onChange();
    desktop.addEventListener('change', onChange);
    return () => desktop.removeEventListener('change', onChange);
  }, [onClose]);

  return (
    <SideSheet isOpen onClose={onClose}>
      <div className="flex items-center justify-between">
        <DialogHeading slot="title" className="sr-only">
          {HEADER_TEXT.mainMenu}
        </DialogHeading>
        <p className="flex items-center gap-x-2 text-lg font-bold text-slate-900 dark:text-slate-100">
          <LandingIcon name="logo" className="h-8 w-8" />
          {HOME_TEXT.brand}
        </p>
        <DialogButton
          slot="close"
          autoFocus
          className="-m-2.5 rounded-md p-2.5 text-slate-700 dark:text-slate-200"
        >
          <span className="sr-only">{HEADER_TEXT.closeMenu}</span>
          <LandingIcon name="close" className="h-6 w-6" />
        </DialogButton>
      </div>
      <div className="mt-6 divide-y divide-slate-500/10 dark:divide-slate-500/25">
        <div className="space-y-2 py-6">
          <div>
            <button
              type="button"
              aria-expanded={productOpen}
              aria-controls={productPanelId}
              onClick={() => setProductOpen((current) => !current)}
              className="-mx-3 flex w-[calc(100%+1.5rem)] items-center justify-between rounded-lg py-2 pr-3.5 pl-3 text-base font-semibold text-slate-900 hover:bg-slate-50 dark:text-slate-100 dark:hover:bg-slate-800"
            >
              {HEADER_TEXT.product}
              <LandingIcon
                name="chevron-down"
                className={`h-5 w-5 flex-none transition-transform ${productOpen ? 'rotate-180' : ''}`}
              />
            </button>
            <ul id={productPanelId} hidden={!productOpen} className="mt-2 space-y-2">
              {PRODUCT_ITEMS.map((item) => (
                <li key={item.name}>
                  <ProductItemLink item={item} onClick={onClose} className={productLinkClassName}>
                    {item.name}
                  </ProductItemLink>
                </li>
              ))}
              {PRODUCT_ACTIONS.map((action) => (
                <li key={action.name}>
                  <ProductActionLink action={action} onClick={onClose} className={productLinkClassName}>
                    {action.name}
                  </ProductActionLink>
                </li>
              ))}
            </ul>
          </div>
          {HEADER_LINKS.map(({ label, link }) => (
            <Link key={label} {...link} onClick={onClose} className={linkClassName}>
              {label}
            </Link>
          ))}
        </div>
        <div className="space-y-2 py-6">
          {user ? (
            <Link {...sectionHomeLink(sectionBase(user.role))} onClick={onClose} className={linkClassName}>
              {HOME_TEXT.dashboard}
            </Link>
          ) : (
            <>
              <Link to="/signin" onClick={onClose} className={linkClassName}>
                {HOME_TEXT.logIn}
              </Link>
              <Link to="/signup" onClick={onClose} className={linkClassName}>
                {HOME_TEXT.signUp}
              </Link>
            </>
          )}
        </div>
      </div>
    </SideSheet>
  );
}
