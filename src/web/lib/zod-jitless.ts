import { config } from 'zod';

/**
 * Zod compiles a fast path for object schemas with `new Function` unless told not to. Our
 * Content-Security-Policy allows no eval, so the first parse on every page filed a
 * `script-src` violation report (caught by zod, but reported by the browser). Imported
 * first by main.tsx, before any schema parses.
 */
config({ jitless: true });
