/**
 * The dashboard sidebar (spec sections 2 and 6): items from the contract's `filterSidebar(user)` (already
 * prefixed with the role's base path), groups as disclosure buttons, and only one submenu open at a time:
 * the one `openSubmenuFor` picks for the current path, or the one the user last opened.
 */
import { openSubmenuFor, type VisibleSidebarItem } from '@lectio/contracts/navigation';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { DASHBOARD_TEXT } from './screen-titles';

const itemClassName =
  'block rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';
const activeClassName = 'bg-indigo-50 text-indigo-800 dark:bg-slate-800 dark:text-indigo-200';

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

function SidebarLink({ item }: { item: VisibleSidebarItem & { href: string } }) {
  return (
    // The hrefs come from the contract's sidebar table, not from the typed route tree.
    <Link
      to={item.href as '/'}
      activeOptions={{ exact: true }}
      className={itemClassName}
      activeProps={{ className: activeClassName }}
    >
      {item.name}
    </Link>
  );
}

export function Sidebar({
  id,
  items,
  pathname,
  className = '',
}: {
  id: string;
  items: VisibleSidebarItem[];
  pathname: string;
  className?: string;
}) {
  const [openGroup, setOpenGroup] = useState<string | null>(() => openSubmenuFor(pathname, items));

  useEffect(() => {
    const match = openSubmenuFor(pathname, items);
    if (match) setOpenGroup(match);
  }, [pathname, items]);

  return (
    <nav
      id={id}
      aria-label={DASHBOARD_TEXT.sidebarLabel}
      className={`w-64 shrink-0 border-r border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      <Link to="/" className="mb-6 block px-3 text-xl font-bold text-indigo-700 dark:text-indigo-300">
        Lectio
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
                  aria-expanded={open}
                  aria-controls={submenuId}
                  onClick={() => setOpenGroup((current) => (current === item.name ? null : item.name))}
                  className={`${itemClassName} flex w-full items-center justify-between text-left`}
                >
                  {item.name}
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 20 20"
                    className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
                    fill="currentColor"
                  >
                    <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
                  </svg>
                </button>
                <ul id={submenuId} hidden={!open} className="mt-1 space-y-1 pl-4">
                  {item.children.map((child) =>
                    child.href ? (
                      <li key={child.name}>
                        <SidebarLink item={{ ...child, href: child.href }} />
                      </li>
                    ) : null,
                  )}
                </ul>
              </li>
            );
          }
          return item.href !== undefined ? (
            <li key={item.name}>
              <SidebarLink item={{ ...item, href: item.href }} />
            </li>
          ) : null;
        })}
      </ul>
    </nav>
  );
}
