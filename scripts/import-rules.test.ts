import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The one rule of imports (.dependency-cruiser.cjs; docs/decisions/019-formatting-and-boundaries.md)
 * refuses each import it forbids: every rule is broken on purpose in a small tree of files laid out
 * like src/, and checked with the project's own rule set. An allowed import is checked to pass, so a
 * rule that refuses everything fails here too.
 */
const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs') as { forbidden: IForbiddenRuleType[] };

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** The rules broken by `files` (path → source), each as `name: from → to`. */
async function violationsOf(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'import-rules-'));
  roots.push(root);
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  const result = await cruise(['src'], { baseDir: root, validate: true, ruleSet: { forbidden: config.forbidden }, tsPreCompilationDeps: true });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

const exporting = 'export const x = 1;\n';

describe('the server layers', () => {
  it('let routes use a module through its index, a module use the platform, the platform use the domain', async () => {
    expect(
      await violationsOf({
        'src/domain/money.ts': exporting,
        'src/server/platform/db/client.ts': "import { x } from '../../../domain/money';\nexport const y = x;\n",
        'src/server/modules/homes/ledger.ts': "import { y } from '../../platform/db/client';\nexport const z = y;\n",
        'src/server/modules/homes/index.ts': "export { z } from './ledger';\n",
        'src/server/modules/accounts/delete.ts': "import { z } from '../homes';\nexport const w = z;\n",
        'src/server/routes/home.ts': "import { z } from '../modules/homes';\nexport const r = z;\n",
      }),
    ).toEqual([]);
  });

  it('refuses the platform importing a module or a route', async () => {
    expect(
      await violationsOf({
        'src/server/modules/homes/index.ts': exporting,
        'src/server/routes/home.ts': exporting,
        'src/server/platform/jobs/runner.ts':
          "import { x } from '../../modules/homes';\nimport { x as y } from '../../routes/home';\nexport const z = [x, y];\n",
      }),
    ).toEqual([
      'platform-below-modules: src/server/platform/jobs/runner.ts → src/server/modules/homes/index.ts',
      'platform-below-modules: src/server/platform/jobs/runner.ts → src/server/routes/home.ts',
    ]);
  });

  it('refuses a module importing a route, and another module past its index', async () => {
    expect(
      await violationsOf({
        'src/server/routes/home.ts': exporting,
        'src/server/modules/homes/ledger.ts': exporting,
        'src/server/modules/homes/index.ts': "export { x } from './ledger';\n",
        'src/server/modules/accounts/delete.ts':
          "import { x } from '../homes/ledger';\nimport { x as y } from '../../routes/home';\nexport const z = [x, y];\n",
      }),
    ).toEqual([
      'module-through-its-index: src/server/modules/accounts/delete.ts → src/server/modules/homes/ledger.ts',
      'modules-below-routes: src/server/modules/accounts/delete.ts → src/server/routes/home.ts',
    ]);
  });

  it('refuses a route reaching past a module’s index', async () => {
    expect(
      await violationsOf({
        'src/server/modules/homes/ledger.ts': exporting,
        'src/server/routes/home.ts': "import { x } from '../modules/homes/ledger';\nexport const y = x;\n",
      }),
    ).toEqual(['routes-through-module-index: src/server/routes/home.ts → src/server/modules/homes/ledger.ts']);
  });

  it('refuses a route reading a table itself', async () => {
    expect(
      await violationsOf({
        'src/server/platform/db/homes-schema.ts': exporting,
        'src/server/platform/db/schema.ts': "export * from './homes-schema';\n",
        'src/server/routes/home.ts':
          "import { x } from '../platform/db/schema';\nimport { x as y } from '../platform/db/homes-schema';\nexport const z = [x, y];\n",
      }),
    ).toEqual([
      'routes-read-no-table: src/server/routes/home.ts → src/server/platform/db/homes-schema.ts',
      'routes-read-no-table: src/server/routes/home.ts → src/server/platform/db/schema.ts',
    ]);
  });
});

describe('circles', () => {
  it('refuses a circle of files, even one closed by a type-only import', async () => {
    const found = await violationsOf({
      'src/server/platform/db/a.ts': "import type { B } from './b';\nexport type A = B | 1;\n",
      'src/server/platform/db/b.ts': "import type { A } from './a';\nexport type B = A | 2;\n",
    });
    // Reported once, at the first file of the circle.
    expect(found).toEqual(['no-circular: src/server/platform/db/a.ts → src/server/platform/db/b.ts']);
  });

  it('refuses two server folders importing each other, with no circle of files', async () => {
    const found = await violationsOf({
      'src/server/platform/mail/send.ts': "import { x } from '../auth/secret';\nexport const y = x;\n",
      'src/server/platform/mail/layout.ts': exporting,
      'src/server/platform/auth/secret.ts': exporting,
      'src/server/platform/auth/hooks.ts': "import { x } from '../mail/layout';\nexport const y = x;\n",
    });
    expect(found.filter((v) => v.startsWith('no-circular-server-folders'))).not.toEqual([]);
    expect(found.filter((v) => v.startsWith('no-circular:'))).toEqual([]);
  });
});

describe('domain and web', () => {
  it('refuses the domain importing either side, and the browser importing the server', async () => {
    expect(
      await violationsOf({
        'src/server/platform/config.ts': exporting,
        'src/web/lib/cn.ts': exporting,
        'src/domain/money.ts': "import { x } from '../web/lib/cn';\nexport const y = x;\n",
        'src/web/lib/api.ts': "import { x } from '../../server/platform/config';\nexport const y = x;\n",
      }),
    ).toEqual(['domain-is-pure: src/domain/money.ts → src/web/lib/cn.ts', 'web-not-server: src/web/lib/api.ts → src/server/platform/config.ts']);
  });

  it('refuses server code importing web code, but for the two files that render the app’s pages', async () => {
    const web = { 'src/web/lib/cn.ts': exporting };
    const importing = "import { x } from '../../web/lib/cn';\nexport const y = x;\n";
    expect(await violationsOf({ ...web, 'src/server/spa/static-landing.tsx': importing, 'src/server/spa/prerender.tsx': importing })).toEqual([]);
    expect(await violationsOf({ ...web, 'src/server/spa/html.ts': importing })).toEqual(['server-not-web: src/server/spa/html.ts → src/web/lib/cn.ts']);
  });

  it('refuses a feature importing another feature, and shared web code importing a feature', async () => {
    expect(
      await violationsOf({
        'src/web/features/auth/sign-in-page.tsx': exporting,
        'src/web/features/account/account-page.tsx': "import { x } from '../auth/sign-in-page';\nexport const y = x;\n",
        'src/web/lib/links.ts': "import { x } from '../features/auth/sign-in-page';\nexport const y = x;\n",
        'src/web/features/admin/applications/review.tsx':
          "import { x } from './panel';\nimport { x as cn } from '../../../lib/links';\nexport const y = [x, cn];\n",
        'src/web/features/admin/applications/panel.tsx': exporting,
      }),
    ).toEqual([
      'feature-not-feature: src/web/features/account/account-page.tsx → src/web/features/auth/sign-in-page.tsx',
      'shared-web-not-feature: src/web/lib/links.ts → src/web/features/auth/sign-in-page.tsx',
    ]);
  });
});
