import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PublicSettings } from '../../domain/admin/settings';
import type { Brand } from '../../domain/brand';
import type { PageMeta } from '../../domain/pages';

/** What the browser needs from the server before its first render (read from #app-config). */
export interface ClientConfig {
  brand: Brand;
  /** The public calculators' defaults, from the stored settings (src/web/features/calculators/lib/calculator-defaults.ts). */
  settings: PublicSettings;
}

const FALLBACK_TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title></title><meta name="description" content="" /></head><body><div id="root"></div><p>The web app has not been built yet: run <code>npm run build</code>.</p></body></html>`;

export function loadIndexTemplate(staticDir: string): { html: string; built: boolean } {
  const file = path.join(staticDir, 'index.html');
  if (!existsSync(file)) return { html: FALLBACK_TEMPLATE, built: false };
  return { html: readFileSync(file, 'utf8'), built: true };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON that is safe inside a <script type="application/json"> element. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/**
 * index.html with the route's own title and description
 * (docs/product/public-site.md#page-titles-and-meta) and the client configuration
 * as a non-executable JSON block (the CSP allows no inline scripts).
 */
export function renderIndex(template: string, meta: PageMeta, config: ClientConfig): string {
  const head = `<title>${escapeHtml(meta.title)}</title>`;
  const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
  const og = `<meta property="og:title" content="${escapeHtml(meta.title)}" /><meta property="og:description" content="${escapeHtml(meta.description)}" />`;
  const configTag = `<script type="application/json" id="app-config">${safeJson(config)}</script>`;
  return template
    .replace(/<title>[^<]*<\/title>/, head)
    .replace(/<meta\s+name="description"[^>]*>/, `${description}${og}`)
    .replace('</head>', `${configTag}</head>`);
}
