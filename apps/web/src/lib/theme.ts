/**
 * Light/dark theme (spec section 4): every change is saved under THEME_STORAGE_KEY and mirrored as the
 * `dark` class on the document root, which Tailwind's class-based `dark:` variant keys off.
 */
import { DEFAULT_THEME, THEME_STORAGE_KEY, THEMES, type Theme } from '@lectio/contracts/constants';
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The saved theme, or the default when nothing (or something unknown) is saved or storage is blocked. */
export function readSavedTheme(): Theme {
  try {
    const saved = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(saved) ? saved : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

let currentTheme: Theme | null = null;

export function getTheme(): Theme {
  currentTheme ??= readSavedTheme();
  return currentTheme;
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

export function setTheme(theme: Theme): void {
  currentTheme = theme;
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be blocked (private mode, quota); the theme still applies for this page view.
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

export function toggleTheme(): Theme {
  const next: Theme = getTheme() === 'dark' ? 'light' : 'dark';
  setTheme(next);
  return next;
}

function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribeTheme, getTheme, () => DEFAULT_THEME);
}

/** Forget the cached value (tests, or after storage changed in another tab). */
export function resetThemeCache(): void {
  currentTheme = null;
}
