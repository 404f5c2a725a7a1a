/**
 * Build step for the first paint of a cold visit (Lighthouse, bench/README.md "Lighthouse"):
 *
 * 1. index.html's `#root` holds the app's own 'Loading...' screen (LoadingScreen rendered to static markup
 *    at build time, so the two can't drift). Every route shows exactly that screen while the start-up
 *    session check runs (spec section 2), so the browser can paint it as soon as the HTML and CSS are in,
 *    instead of after the JavaScript has downloaded and run; React replaces it with the same markup.
 * 2. For the public pages a cold visit usually starts on (`/` and `/courses`), a small inline script adds
 *    `modulepreload` links for that page's route chunk and its static imports, so they download alongside
 *    the entry instead of after the session check (one round trip less before the page paints). Other
 *    paths fetch nothing extra. The server allows the script through the CSP hash it computes from the
 *    built index.html (apps/server/src/plugins/web-app.ts).
 * 3. For a page whose first request is known from its path alone (`/courses` without a query string asks
 *    for the anonymous first page of the catalogue), the same script adds a `<link rel="preload" as="fetch"
 *    crossorigin="use-credentials">` for it, so the list downloads while the JavaScript does; the app's
 *    own fetch of that URL (same URL, CORS mode and credentials) is then answered from the preload.
 * 4. The app's stylesheet (~9 KB compressed) is inlined into a `<style>` in the head, so the first paint
 *    needs the HTML alone instead of waiting one more round trip for the CSS file: the 'Loading...'
 *    screen paints while the JavaScript is still on its way. (The CSP allows inline styles already;
 *    e2e/tests/budget.spec.ts counts the inlined CSS against the CSS budget.) The file stays in the build
 *    for anything that asks for it by URL.
 * 5. The inline script sits before the stylesheet: a parser-inserted script after a pending stylesheet
 *    waits until it has loaded, and this one only starts downloads, so it has no reason to wait.
 */
import type { ComponentType } from 'react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin, Rolldown } from 'vite';

const ROOT_ELEMENT = '<div id="root"></div>';

export interface FirstPaintOptions {
  /** The screen every route shows while the session check runs. */
  loadingScreen: ComponentType;
  /** Path -> the split route component to preload there, as the router plugin names the module. */
  routeModules: Record<string, string>;
  /** Path -> the API URL the page asks for first, preloaded when the page's URL has no query string. */
  routeData?: Record<string, string>;
}

export function firstPaintPlugin({ loadingScreen, routeModules, routeData = {} }: FirstPaintOptions): Plugin {
  let base = '/';
  return {
    name: 'lectio-first-paint',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!html.includes(ROOT_ELEMENT)) {
          throw new Error(`index.html has no ${ROOT_ELEMENT} to put the loading screen in`);
        }
        const withLoading = html.replace(
          ROOT_ELEMENT,
          `<div id="root">${renderToStaticMarkup(createElement(loadingScreen))}</div>`,
        );
        const bundle = context.bundle;
        if (!bundle) return withLoading;

        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) throw new Error('the bundle has no entry chunk');
        const alreadyLoaded = new Set<string>([entry.fileName, ...entry.imports]);
        /** The route's chunk and its static imports that index.html doesn't load already. */
        const chunkClosure = (moduleId: string): string[] => {
          const route = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(moduleId)));
          if (!route) throw new Error(`no chunk holds ${moduleId}: did the route move?`);
          const files: string[] = [];
          const visit = (fileName: string) => {
            if (alreadyLoaded.has(fileName) || files.includes(fileName)) return;
            files.push(fileName);
            const chunk = bundle[fileName];
            if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
          };
          visit(route.fileName);
          return files.map((fileName) => `${base}${fileName}`);
        };
        const preloads = Object.fromEntries(
          Object.entries(routeModules).map(([pathname, moduleId]) => [pathname, chunkClosure(moduleId)]),
        );
        const script = [
          `(${JSON.stringify(preloads)}[location.pathname]||[]).forEach(function(href){`,
          'var link=document.createElement("link");',
          'link.rel="modulepreload";link.crossOrigin="";link.href=href;',
          'document.head.appendChild(link);',
          '});',
          ...(Object.keys(routeData).length > 0
            ? [
                `var data=${JSON.stringify(routeData)}[location.pathname];`,
                'if(data&&!location.search){',
                'var fetchLink=document.createElement("link");',
                'fetchLink.rel="preload";fetchLink.as="fetch";fetchLink.crossOrigin="use-credentials";',
                'fetchLink.href=data;document.head.appendChild(fetchLink);',
                '}',
              ]
            : []),
        ].join('');
        const withStyles = inlineStylesheets(withLoading, bundle, base);
        const firstStyle = withStyles.indexOf('<style>');
        const at = firstStyle === -1 ? withStyles.indexOf('</head>') : firstStyle;
        return `${withStyles.slice(0, at)}<script>${script}</script>\n    ${withStyles.slice(at)}`;
      },
    },
  };
}

/** Replaces each `<link rel="stylesheet">` of a CSS file of this build with a `<style>` holding it. */
function inlineStylesheets(html: string, bundle: Rolldown.OutputBundle, base: string) {
  return html.replace(/<link rel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>/g, (tag, href: string) => {
    const fileName = href.startsWith(base) ? href.slice(base.length) : href;
    const asset = bundle[fileName];
    if (asset?.type !== 'asset') throw new Error(`${tag} names no CSS file of this build`);
    const css = typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
    if (/<\/style/i.test(css)) throw new Error(`${fileName} contains "</style" and can't be inlined`);
    return `<style>${css.trim()}</style>`;
  });
}
