// The stand-in processor's process (docs/decisions/045-sandbox-processor-process.md 'Starting it fast'): CommonJS, so
// that tsx's in-thread require hook (tsx/cjs, which start-payments.ts preloads) compiles its TypeScript; tsx's ESM
// loader would cost the fork half a second more.
// eslint-disable-next-line @typescript-eslint/no-require-imports
require('./sandbox-main.ts');
