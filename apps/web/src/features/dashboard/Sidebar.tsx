/**
 * The dashboard sidebar (spec sections 2 and 6): items from the contract's `filterSidebar(user)` (already
 * prefixed with the role's base path) with their icons, groups as disclosure buttons, and only one submenu
 * open at a time: the one `openSubmenuFor` picks for the current path, or the one the user last opened.
 * Collapsed, it shows icons only; the names stay in the accessibility tree and in tooltips.
 */
import { openSubmenuFor, type VisibleSidebarItem } from '@lectio/contracts/navigation';
import { Link, useRouter } from '@tanstack/react-router';
import { type HTMLAttributes, type Ref, useEffect, useState } from 'react';
import { ChevronDownIcon } from '~/components/ui/SolidIcon';
import { isRoutePath } from '~/lib/links';
import { SidebarIcon } from './SidebarIcon';
import { DASHBOARD_TEXT } from './screen-titles';

const itemClassName =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';
const activeClassName = 'bg-indigo-50 text-indigo-800 dark:bg-slate-800 dark:text-indigo-200';

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

function Label({ text, visible }: { text: string; visible: boolean }) {
  return <span className={visible ? 'truncate' : 'sr-only'}>{text}</span>;
}

function SidebarLink({ item, labels }: { item: VisibleSidebarItem & { href: string }; labels: boolean }) {
  const { routesByPath } = useRouter();
  const className = `${itemClassName} ${labels ? '' : 'justify-center px-0'}`;
  const content = (
    <>
      <SidebarIcon name={item.icon} />
      <Label text={item.name} visible={labels} />
    </>
  );
  // The hrefs come from the contract's sidebar table: each one the app has a route for is a typed link.
  // (Every item a role can see is; the table's placeholder items for other levels would be plain links.)
  if (!isRoutePath(routesByPath, item.href)) {
    return (
      <a href={item.href} title={labels ? undefined : item.name} className={className}>
        {content}
      </a>
    );
  }
  return (
    <Link
      to={item.href}
      activeOptions={{ exact: true }}
      title={labels ? undefined : item.name}
      className={className}
      activeProps={{ className: activeClassName }}
    >
      {content}
    </Link>
  );
}

export interface SidebarProps extends Omit<HTMLAttributes<HTMLElement>, 'id' | 'children'> {
  id: string;
  items: VisibleSidebarItem[];
  pathname: string;
  /** False: collapsed to icons. */
  labels?: boolean;
  navRef?: Ref<HTMLElement>;
}

export function Sidebar({
  id,
  items,
  pathname,
  labels = true,
  className = '',
  navRef,
  ...navProps
}: SidebarProps) {
  const [openGroup, setOpenGroup] = useState<string | null>(() => openSubmenuFor(pathname, items));

  useEffect(() => {
    const match = openSubmenuFor(pathname, items);
    if (match) setOpenGroup(match);
  }, [pathname, items]);

  return (
    <nav
      {...navProps}
      ref={navRef}
      id={id}
      aria-label={DASHBOARD_TEXT.sidebarLabel}
      className={`flex flex-col overflow-y-auto overflow-x-hidden border-r border-slate-200 bg-white py-4 dark:border-slate-800 dark:bg-slate-900 ${
        labels ? 'w-64 px-4' : 'w-16 px-2'
      } ${className}`}
    >
      <Link
        to="/"
        className={`mb-6 block text-xl font-bold text-indigo-700 dark:text-indigo-300 ${labels ? 'px-3' : 'text-center'}`}
      >
        {labels ? (
          DASHBOARD_TEXT.brand
        ) : (
          <>
            <span aria-hidden="true">{DASHBOARD_TEXT.brand.charAt(0)}</span>
            <span className="sr-only">{DASHBOARD_TEXT.brand}</span>
          </>
        )}
      </Link>
      <ul className="space-y-1">
        {items.map((item) => {
          if (item.children) {
            const open = openGroup === item.name;
            const submenuId = `${id}-${slug(item.name)}`;
            return (
              <li key={item.name}>
                <button
                  type="button"
                  aria-expanded={open && labels}
                  aria-controls={submenuId}
                  title={labels ? undefined : item.name}
                  onClick={() => setOpenGroup((current) => (current === item.name ? null : item.name))}
                  className={`${itemClassName} text-left ${labels ? '' : 'justify-center px-0'}`}
                >
                  <SidebarIcon name={item.icon} />
                  <Label text={item.name} visible={labels} />
                  {labels ? (
                    <ChevronDownIcon
                      className={`ml-auto h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
                    />
                  ) : null}
                </button>
                <ul id={submenuId} hidden={!open || !labels} className="mt-1 space-y-1 pl-4">
                  {item.children.map((child) =>
                    child.href ? (
                      <li key={child.name}>
                        <SidebarLink item={{ ...child, href: child.href }} labels={labels} />
                      </li>
                    ) : null,
                  )}
                </ul>
              </li>
            );
          }
          return item.href !== undefined ? (
            <li key={item.name}>
              <SidebarLink item={{ ...item, href: item.href }} labels={labels} />
            </li>
          ) : null;
        })}
      </ul>
    </nav>
  );
}
