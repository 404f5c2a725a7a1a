/**
 * Pure navigation rules (spec sections 2 and 6): role base paths, the entry-wrapper redirect, the return
 * path after sign-in, the three permission-guarded sections and the sidebar table with its filter.
 */
import { canAll, canAny, type HasRole, type Permission, permissionsFor, type Role } from './permissions.js';

export const ROLE_BASE_PATHS: Readonly<Partial<Record<Role, string>>> = {
  admin: '/dashboard/admin',
  instructor: '/dashboard/instructor',
  student: '/dashboard',
};

/** The dashboard base path of a role; an unknown role falls back to /dashboard. */
export function roleBasePath(role: string | null | undefined): string {
  return (role && Object.hasOwn(ROLE_BASE_PATHS, role) && ROLE_BASE_PATHS[role as Role]) || '/dashboard';
}

/**
 * Where the entry wrapper (/, /signin, /signup) sends a signed-in user: `all` to the admin dashboard,
 * a student permission to /dashboard, anyone else to /unauthorized. Null means: show the public page.
 */
export function entryRedirect(user: HasRole | null | undefined): string | null {
  if (!user) return null;
  const { permissions } = permissionsFor(user.role);
  if (permissions.includes('all')) return '/dashboard/admin';
  if (permissions.includes('access_purchased_courses') || permissions.includes('track_progress'))
    return '/dashboard';
  if (permissions.includes('create_courses') || permissions.includes('manage_own_courses'))
    return '/dashboard/instructor';
  return '/unauthorized';
}

/**
 * Where a user goes after signing in, given the page they came from (default /dashboard).
 * /dashboard/course/... becomes {base}/course/... (the spec's /dashboard/{role}/course, which for the
 * roles that have their own section is the same thing, and for students keeps the student section).
 * Exactly /dashboard goes to the role's base path. Anything else is used as is, provided it is a
 * same-origin path (an absolute or protocol-relative URL is never followed: open-redirect guard).
 */
export function returnPathAfterSignIn(
  from: string | null | undefined,
  role: string | null | undefined,
): string {
  const path = isSafeInternalPath(from) ? from : '/dashboard';
  if (path === '/dashboard/course' || path.startsWith('/dashboard/course/')) {
    return `${roleBasePath(role)}${path.slice('/dashboard'.length)}`;
  }
  if (path === '/dashboard') return roleBasePath(role);
  return path;
}

/** The first-run setup page, where a server without an admin account creates its first one. */
export const SETUP_PATH = '/setup';

/**
 * Where a page load goes while the server has no admin yet (`setup.status`): every page but the setup
 * page itself leads to it. Null means: stay.
 */
export function setupRedirect(needsSetup: boolean, pathname: string): string | null {
  return needsSetup && pathname !== SETUP_PATH ? SETUP_PATH : null;
}

export function isSafeInternalPath(path: string | null | undefined): path is string {
  // Browsers drop tab/CR/LF while parsing URLs, so '/\t/evil.example' would become '//evil.example'.
  return (
    typeof path === 'string' &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
    !/[\\\u0000-\u001f\u007f]/.test(path)
  );
}

export interface GuardedSection {
  /** Path prefix of the section. */
  path: string;
  /** A signed-in user needs at least one of these. */
  anyOf: readonly Permission[];
  /** Child paths (relative to `path`, '' = index) the section serves; `$name` is a parameter. */
  children: readonly string[];
}

/** Browsing, buying and watching courses: every section serves them (its own base path in the URL). */
const COURSE_PAGES = ['courses', 'checkout/$id', 'course/$id', 'course/$id/lecture/$lectureId'];
/** Writing courses and their lectures (admins and instructors). */
const COURSE_AUTHORING_PAGES = [
  'course-list',
  'create',
  'update/$courseId',
  'create-lecture/$courseId',
  'updatelecture/$lectureId',
  'gradebook/$courseId',
];

export const GUARDED_SECTIONS: readonly GuardedSection[] = [
  {
    path: '/dashboard/admin',
    anyOf: ['all'],
    children: [
      '',
      ...COURSE_PAGES,
      ...COURSE_AUTHORING_PAGES,
      'user-manage',
      'engagement-analytics',
      'mycourse',
      'reviews',
      'questions',
      'profile',
      'mail',
      'revenue',
      'refunds',
      'coupons',
      'notifications',
      'teaching-applications',
      'site-pages',
    ],
  },
  {
    path: '/dashboard/instructor',
    anyOf: ['create_courses', 'manage_own_courses'],
    children: [
      '',
      'mycourse',
      ...COURSE_PAGES,
      ...COURSE_AUTHORING_PAGES,
      'profile',
      'earnings',
      'coupons',
      'questions',
      'notifications',
    ],
  },
  {
    path: '/dashboard',
    anyOf: ['access_purchased_courses', 'track_progress'],
    children: [
      '',
      'mycourse',
      ...COURSE_PAGES,
      'profile',
      'certificates',
      'purchases',
      'notifications',
      'teach',
    ],
  },
];

/** The section a path belongs to (most specific first), or null for a public path. */
export function sectionForPath(pathname: string): GuardedSection | null {
  return (
    GUARDED_SECTIONS.find(
      (section) => pathname === section.path || pathname.startsWith(`${section.path}/`),
    ) ?? null
  );
}

/** True when the child path (relative to the section) is one the section serves. */
export function sectionServesPath(section: GuardedSection, pathname: string): boolean {
  const rest = pathname === section.path ? '' : pathname.slice(section.path.length + 1).replace(/\/$/, '');
  const parts = rest === '' ? [] : rest.split('/');
  return section.children.some((child) => {
    const pattern = child === '' ? [] : child.split('/');
    return (
      pattern.length === parts.length &&
      pattern.every((segment, index) =>
        segment.startsWith('$') ? (parts[index] ?? '') !== '' : segment === parts[index],
      )
    );
  });
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string; from?: string };

/**
 * The route guard: not signed in goes to /signin (remembering where from), signed in without one of the
 * section's permissions goes to /unauthorized. Public paths are always allowed.
 */
export function guardDecision(pathname: string, user: HasRole | null | undefined): GuardDecision {
  const section = sectionForPath(pathname);
  if (!section) return { kind: 'allow' };
  if (!user) return { kind: 'redirect', to: '/signin', from: pathname };
  if (!canAny(user, section.anyOf)) return { kind: 'redirect', to: '/unauthorized' };
  return { kind: 'allow' };
}

export interface SidebarItem {
  name: string;
  /** Relative to the role's base path ('' is the base itself). Absent on pure groups. */
  path?: string;
  /** A single level or a list; the user's level must be one of them. */
  level?: number | readonly number[];
  /** The user must hold every one of these. */
  permissions?: readonly Permission[];
  icon: string;
  children?: readonly SidebarItem[];
}

export const SIDEBAR_ITEMS: readonly SidebarItem[] = [
  { name: 'Dashboard', path: '', permissions: ['all'], icon: 'dashboard' },
  {
    name: 'Courses',
    level: [5, 7, 2],
    icon: 'book',
    children: [
      { name: 'Manage courses', path: 'course-list', level: [5, 7], icon: 'list' },
      { name: 'Create course', path: 'create', level: [5, 7], icon: 'plus' },
    ],
  },
  { name: 'All Courses', path: 'courses', level: [5, 2], icon: 'grid' },
  { name: 'My Courses', path: 'mycourse', level: [5, 7, 2], icon: 'play' },
  { name: 'Earnings', path: 'earnings', level: 7, icon: 'wallet' },
  { name: 'Coupons', path: 'coupons', level: 7, icon: 'ticket' },
  { name: 'My Certificates', path: 'certificates', level: 2, icon: 'award' },
  { name: 'Purchases', path: 'purchases', level: 2, icon: 'receipt' },
  { name: 'Become an instructor', path: 'teach', level: 2, icon: 'teach' },
  {
    name: 'Course management',
    level: 9,
    icon: 'settings',
    children: [
      { name: 'Course', path: 'course', level: 9, icon: 'book' },
      { name: 'Analytics', path: 'analy', level: 9, icon: 'chart' },
      { name: 'Settings', path: 'setting', level: 9, icon: 'settings' },
    ],
  },
  { name: 'User management', path: 'user-manage', permissions: ['all'], icon: 'users' },
  { name: 'Engagement analytics', path: 'engagement-analytics', permissions: ['all'], icon: 'chart' },
  { name: 'Reported reviews', path: 'reviews', permissions: ['all'], icon: 'flag' },
  { name: 'Reported questions', path: 'questions', permissions: ['manage_own_courses'], icon: 'flag' },
  { name: 'Revenue', path: 'revenue', permissions: ['all'], icon: 'wallet' },
  { name: 'Refunds', path: 'refunds', permissions: ['all'], icon: 'refund' },
  { name: 'Teaching applications', path: 'teaching-applications', permissions: ['all'], icon: 'teach' },
  { name: 'Coupons', path: 'coupons', permissions: ['all'], icon: 'ticket' },
  { name: 'E-mail', path: 'mail', permissions: ['all'], icon: 'mail' },
  { name: 'Site pages', path: 'site-pages', permissions: ['all'], icon: 'document' },
  {
    name: 'Others',
    level: 9,
    icon: 'layers',
    children: [
      { name: 'Line chart', path: 'line-chart', level: 9, icon: 'chart' },
      { name: 'Bar chart', path: 'bar-chart', level: 9, icon: 'chart' },
      { name: 'Alerts', path: 'alerts', level: 9, icon: 'bell' },
      { name: 'Avatars', path: 'avatars', level: 9, icon: 'user' },
      { name: 'Badge', path: 'badge', level: 9, icon: 'tag' },
      { name: 'Buttons', path: 'buttons', level: 9, icon: 'square' },
      { name: 'Images', path: 'images', level: 9, icon: 'image' },
      { name: 'Videos', path: 'videos', level: 9, icon: 'video' },
    ],
  },
];

/**
 * The spec's filter: an item shows only if its level matches the user's level and the user holds all of
 * its permissions; an item with neither is hidden. A group whose children are all hidden is hidden too
 * (an empty submenu is no use to anyone).
 */
export function isSidebarItemVisible(item: SidebarItem, user: HasRole | null | undefined): boolean {
  if (!user) return false;
  if (item.level === undefined && item.permissions === undefined) return false;
  const userLevel = permissionsFor(user.role).level;
  if (item.level !== undefined) {
    const levels = typeof item.level === 'number' ? [item.level] : item.level;
    if (!levels.includes(userLevel)) return false;
  }
  if (item.permissions !== undefined && !canAll(user, item.permissions)) return false;
  return true;
}

export interface VisibleSidebarItem {
  name: string;
  icon: string;
  /** Absolute path, prefixed with the role's base path; absent on groups. */
  href?: string;
  children?: VisibleSidebarItem[];
}

export function filterSidebar(
  user: HasRole | null | undefined,
  items: readonly SidebarItem[] = SIDEBAR_ITEMS,
): VisibleSidebarItem[] {
  if (!user) return [];
  const base = roleBasePath(user.role);
  const visible: VisibleSidebarItem[] = [];
  for (const item of items) {
    if (!isSidebarItemVisible(item, user)) continue;
    const href = item.path === undefined ? undefined : item.path === '' ? base : `${base}/${item.path}`;
    const children = item.children ? filterSidebar(user, item.children) : undefined;
    if (children?.length === 0) continue;
    visible.push({
      name: item.name,
      icon: item.icon,
      ...(href !== undefined ? { href } : {}),
      ...(children ? { children } : {}),
    });
  }
  return visible;
}

/** The submenu to open: the group one of whose children matches the current path. */
export function openSubmenuFor(pathname: string, items: readonly VisibleSidebarItem[]): string | null {
  for (const item of items) {
    if (
      item.children?.some(
        (child) => child.href && (pathname === child.href || pathname.startsWith(`${child.href}/`)),
      )
    ) {
      return item.name;
    }
  }
  return null;
}

/**
 * The web app's public pages, outside the guarded /dashboard sections (issue 29, decision 0091): the one
 * list of client paths the server knows. The server answers them with 200 (after checking a course or site
 * page exists) and any other path with 404; the web's generated route tree is checked against this list
 * when it compiles (apps/web/src/lib/public-page-paths.ts), so a route file can't be added without it.
 */
export const PUBLIC_PAGE_PATHS = [
  '/',
  '/courses',
  '/features',
  '/course/$id',
  '/pages/$slug',
  '/certificates/$id',
  '/signin',
  '/signup',
  '/reset-password',
  '/verify-email',
  '/setup',
  '/unauthorized',
  '/unsubscribe',
] as const;
export type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

/** Every path under it is a client page behind the route guard (GUARDED_SECTIONS), served to anyone. */
export const DASHBOARD_PATH = '/dashboard';

export type PagePathKind =
  | { kind: 'public'; pattern: PublicPagePath; params: Record<string, string> }
  | { kind: 'guarded' }
  | { kind: 'unknown' };

const PUBLIC_PAGE_SEGMENTS = PUBLIC_PAGE_PATHS.map((pattern) => ({
  pattern,
  segments: pattern === '/' ? [] : pattern.slice(1).split('/'),
}));

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** What a request path (no query string) is to the web app: a public page, a dashboard page, or nothing. */
export function classifyPagePath(pathname: string): PagePathKind {
  if (pathname === DASHBOARD_PATH || pathname.startsWith(`${DASHBOARD_PATH}/`)) return { kind: 'guarded' };
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const parts = trimmed === '/' ? [] : trimmed.slice(1).split('/');
  for (const { pattern, segments } of PUBLIC_PAGE_SEGMENTS) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = segments.every((segment, index) => {
      const part = parts[index] ?? '';
      if (!segment.startsWith('$')) return segment === part;
      const value = part === '' ? null : decodeSegment(part);
      if (value === null) return false;
      params[segment.slice(1)] = value;
      return true;
    });
    if (matches) return { kind: 'public', pattern, params };
  }
  return { kind: 'unknown' };
}
