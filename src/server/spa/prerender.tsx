import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { PublicSettings } from '../../domain/admin/settings';
import { comparisonPath, type Brand } from '../../domain/brand';
import { ToasterHost } from '../../web/components/ui/toaster-host';
import { setServerConfig } from '../../web/lib/config';
import { appRoutes } from '../../web/router';

/**
 * The public pages the server sends already drawn (docs/decisions/025-server-rendered-public-pages.md),
 * besides `/` (docs/decisions/012-static-landing.md) and the not-found page. Their forms wait, disabled, until the
 * app has taken the page over (HoldUntilHydrated). Pages behind a sign-in or a token in their link are left to the
 * browser, as before.
 */
export function prerenderedPaths(brand: Brand): ReadonlySet<string> {
  return new Set([
    '/intro',
    '/privacy-policy',
    '/waitlist',
    '/how-much-home-can-i-afford',
    '/affordability',
    comparisonPath(brand),
    '/auth/signin',
    '/auth/signup',
    '/auth/forgot-password',
  ]);
}

const MAX_CACHED = 200;

/**
 * Renders a page from the app's own routes and components — the ones the browser then hydrates (src/web/main.tsx) —
 * with React Router's static handler, the server's brand and the calculators' settings of the request. Pages are
 * cached by address and settings (the same inputs draw the same page). Undefined when the routes answer with a
 * redirect or the page fails to render: the browser then draws it, as it does the signed-in pages.
 */
export function createPageRenderer(brand: Brand, onError: (error: unknown, url: string) => void) {
  setServerConfig({ brand });
  const handler = createStaticHandler(appRoutes());
  const cache = new Map<string, string>();
  return async function render(url: URL, settings: Partial<PublicSettings>): Promise<string | undefined> {
    const key = `${url.pathname}${url.search}\n${JSON.stringify(settings)}`;
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    try {
      const context = await handler.query(new Request(url));
      if (context instanceof Response) return undefined;
      // Synchronous from here: no other request's settings can come in between.
      setServerConfig({ brand, settings });
      const html = renderToString(
        <StrictMode>
          <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
          <ToasterHost />
        </StrictMode>,
      );
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(key, html);
      return html;
    } catch (error) {
      onError(error, url.pathname);
      return undefined;
    }
  };
}

/** The page's body in the built index.html's empty root. */
export function withPrerenderedBody(template: string, body: string): string {
  return template.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
}

/**
 * The font every page paints its text with (Inter, latin subset: the site's texts are US English), preloaded so it
 * arrives with the stylesheet rather than after it. Fonts are bundled (@fontsource-variable/inter), never a CDN.
 */
export function withFontPreload(template: string, staticDir: string): string {
  const font = builtAsset(staticDir, /^inter-latin-wght-normal-[\w-]+\.woff2$/);
  if (!font) return template;
  return template.replace('</head>', () => `<link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin /></head>`);
}

/**
 * The shell of a page the server draws, with the app loaded after the first paint: the entry module and its preloads
 * move from the head into the data attributes of the small page-boot script (src/web/page-boot.ts; ADR 025), which
 * adds them once the page has painted with its font. Unchanged when the build has no page-boot script.
 */
export function withAppAfterFirstPaint(template: string, staticDir: string): string {
  const boot = builtAsset(staticDir, /^page-boot-[\w-]+\.js$/);
  const entry = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>/.exec(template)?.[1];
  if (!boot || !entry) return template;
  const preloads = [...template.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g)].map((match) => match[1]!);
  return withoutAppScripts(template).replace(
    '</head>',
    () => `<script src="${boot}" data-entry="${entry}" data-preload="${preloads.join(' ')}" defer></script></head>`,
  );
}

/** The built asset whose name matches `pattern` (names carry a content hash), as its URL path; undefined when not built. */
export function builtAsset(staticDir: string, pattern: RegExp): string | undefined {
  const assets = path.join(staticDir, 'assets');
  if (!existsSync(assets)) return undefined;
  const file = readdirSync(assets).find((name) => pattern.test(name));
  return file ? `/assets/${file}` : undefined;
}

/** The built index.html without the app: its entry module script and the entry's modulepreloads taken out. */
export function withoutAppScripts(template: string): string {
  return template.replace(/\s*<script\b[^>]*\btype="module"[^>]*><\/script>/g, '').replace(/\s*<link\b[^>]*\brel="modulepreload"[^>]*>/g, '');
}
