import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import type { Brand } from '../../domain/brand';
import { PublicLayout } from '../../web/components/layout/public-layout';
import LandingPage from '../../web/features/landing/landing-page';
import { setServerConfig } from '../../web/lib/config';
import { builtAsset, withoutAppScripts } from './prerender';

/** The landing page's only script in a build: `/assets/static-menu-<hash>.js` (vite.config.ts), or undefined. */
export const staticMenuScript = (staticDir: string) => builtAsset(staticDir, /^static-menu-[\w-]+\.js$/);

/**
 * The landing page rendered by the server from the app's own components
 * (PublicLayout and LandingPage, with the server's brand), inside the built
 * index.html: the app's scripts and their preloads are taken out and the small
 * menu script put in (docs/decisions/012-static-landing.md). Undefined when the
 * build has no menu script (not built, or an older build): `/` is then the app.
 */
export function staticLandingTemplate(template: string, brand: Brand, staticDir: string): string | undefined {
  const script = staticMenuScript(staticDir);
  if (!script || !template.includes('<div id="root"></div>')) return undefined;
  setServerConfig({ brand });
  const body = renderToString(
    <StaticRouter location="/">
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<LandingPage />} />
        </Route>
      </Routes>
    </StaticRouter>,
  );
  return withoutAppScripts(template)
    .replace('</head>', () => `<script type="module" src="${script}"></script></head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
}
