import { THEME_STORAGE_KEY } from '@lectio/contracts/constants';
import { describe, expect, it } from 'vitest';
import { getTheme, readSavedTheme, resetThemeCache, setTheme, toggleTheme } from './theme';
import { themeBootScript } from './theme-boot-script';

const root = () => document.documentElement;

describe('theme', () => {
  it('defaults to light when nothing or something unknown is saved', () => {
    expect(readSavedTheme()).toBe('light');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readSavedTheme()).toBe('light');
  });

  it('reads a saved dark theme', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(getTheme()).toBe('dark');
  });

  it('saves every change and mirrors it as the dark class on the root', () => {
    setTheme('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(root().classList.contains('dark')).toBe(true);

    expect(toggleTheme()).toBe('light');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(root().classList.contains('dark')).toBe(false);

    resetThemeCache();
    expect(getTheme()).toBe('light');
  });

  it('boot script applies the saved theme before the app loads', () => {
    const run = () => new Function(themeBootScript(THEME_STORAGE_KEY, 'light'))();
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    run();
    expect(root().classList.contains('dark')).toBe(true);

    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    run();
    expect(root().classList.contains('dark')).toBe(false);

    window.localStorage.removeItem(THEME_STORAGE_KEY);
    root().classList.add('dark');
    run();
    expect(root().classList.contains('dark')).toBe(false);
  });
});
