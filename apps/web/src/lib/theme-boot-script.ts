/**
 * The inline script that index.html runs before first paint: it reads the saved theme and sets the `dark`
 * class on <html>, so a dark-theme user never sees a light flash. Built from the same constants as
 * theme.ts (vite.config.ts injects it); kept dependency-free because it runs before any bundle loads.
 */
export function themeBootScript(storageKey: string, defaultTheme: 'light' | 'dark'): string {
  return [
    '(function(){',
    'var theme=null;',
    `try{theme=window.localStorage.getItem(${JSON.stringify(storageKey)});}catch(e){}`,
    `if(theme!=="light"&&theme!=="dark"){theme=${JSON.stringify(defaultTheme)};}`,
    'var root=document.documentElement;',
    'root.classList.toggle("dark",theme==="dark");',
    'root.style.colorScheme=theme;',
    '})();',
  ].join('');
}
