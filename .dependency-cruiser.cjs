// The one rule of imports (docs/architecture.md), checked by `npm run lint`:
// domain ← platform ← modules ← routes and the app, and domain ← web lib ← features ← router;
// no circle of files (type-only imports included) and none of server folders.
// scripts/import-rules.test.ts breaks each rule on purpose and expects it to fail.

/** The app layer: what wires the server together (src/server/*.ts), the pages it renders, the command-line tools. */
const APP = '^src/server/([^/]+\\.tsx?$|spa/|cli/|routes/)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No circle of files, type-only imports included: untie it by moving what both need down a layer.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-circular-server-folders',
      comment: 'No two server folders import each other, directly or round a circle: one of them belongs below the other.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/server/' },
      to: { path: '^src/server/', circular: true },
    },
    {
      name: 'platform-below-modules',
      comment: 'Platform (src/server/platform) imports no module, route or app file: a module registers with the platform instead.',
      severity: 'error',
      from: { path: '^src/server/platform/' },
      to: { path: ['^src/server/modules/', APP] },
    },
    {
      name: 'modules-below-routes',
      comment: 'A module (src/server/modules) imports no route or app file: routes call modules, not the other way round.',
      severity: 'error',
      from: { path: '^src/server/modules/' },
      to: { path: APP },
    },
    {
      name: 'module-through-its-index',
      comment: "A module sees another module only through its index.ts (the module's public face).",
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/' },
      to: { path: '^src/server/modules/', pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'routes-through-module-index',
      comment: "Routes and the app see a module only through its index.ts (the module's public face).",
      severity: 'error',
      from: { path: APP },
      to: { path: '^src/server/modules/[^/]+/', pathNot: '^src/server/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'routes-read-no-table',
      comment:
        'A route binds a contract to module functions: it reads and writes no table itself (no schema file, no query builder); the module or platform part that owns the table does.',
      severity: 'error',
      from: { path: '^src/server/routes/' },
      to: { path: ['^src/server/platform/db/[a-z-]*schema\\.ts$', '(^|/)node_modules/drizzle-orm/'] },
    },
    {
      name: 'domain-is-pure',
      comment: 'src/domain is shared by the browser, the server and tests: it imports neither side.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'web-not-server',
      comment: 'The browser never imports server code.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-web',
      comment:
        'Server code never imports web code; the pages the server renders from the app (src/server/spa/static-landing.tsx and prerender.tsx, ADR 012 and 025) are the exceptions.',
      severity: 'error',
      from: { path: '^src/server/', pathNot: '^src/server/spa/(static-landing|prerender)\\.tsx$' },
      to: { path: '^src/web/' },
    },
    {
      name: 'feature-not-feature',
      comment: 'A feature does not import another feature: move what both need to src/web/components or src/web/lib.',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'shared-web-not-feature',
      comment: 'Shared web code (src/web/lib, src/web/components) does not import a feature.',
      severity: 'error',
      from: { path: '^src/web/(lib|components)/' },
      to: { path: '^src/web/features/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    // Tests and the test support reach whatever they exercise; nothing imports them, so they close no circle.
    exclude: { path: ['^dist/', '\\.test\\.tsx?$', '^src/server/test/'] },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
