/**
 * The first script of a page the server drew (docs/decisions/025-server-rendered-public-pages.md, 'Loading the app
 * after the first paint'): it loads the app — the entry module and its preloads, named in its own data attributes —
 * once the page has painted with its font. On a slow connection the app's code (≈ 130 KB) otherwise shares the line
 * with the stylesheet and the font the first paint waits for. The forms wait, disabled, until the app has taken the
 * page over (HoldUntilHydrated). No imports: this stays one small classic script.
 */
const me = document.currentScript;
const entry = me?.getAttribute('data-entry');
const preloads = (me?.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);
/** Past this, the app loads even if the font has not come (a lost font must not keep a page from working). */
const FONT_WAIT_MS = 1500;

function loadApp() {
  if (!entry) return;
  for (const href of preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.src = entry;
  script.crossOrigin = '';
  document.head.append(script);
}

const fontLoaded = document.fonts ? document.fonts.load("1em 'Inter Variable'").catch(() => undefined) : Promise.resolve();
const fontLate = new Promise((resolve) => setTimeout(resolve, FONT_WAIT_MS));
// The font is in (or late): the page paints with it now, and the app's code no longer takes the line from it.
void Promise.race([fontLoaded, fontLate]).then(loadApp);
