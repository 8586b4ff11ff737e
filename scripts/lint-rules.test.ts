import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The project's own lint rules (eslint-local-rules.js) refuse what issue 11 point 6 forbids, through the real config. */
const eslint = new ESLint();
const messagesFor = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId?.startsWith('local/')).map((m) => m.message);
};

describe('import boundaries', () => {
  it('refuses server code importing web code', async () => {
    expect(await messagesFor('src/server/routes/example.ts', "import { cn } from '../../web/lib/cn';\nexport const x = cn;\n")).toEqual([
      expect.stringContaining('Server code never imports web code'),
    ]);
  });

  it('lets the pre-rendered landing page and the page renderer import the web app, and nothing else on the server', async () => {
    expect(await messagesFor('src/server/spa/static-landing.tsx', "import { cn } from '../../web/lib/cn';\nexport const x = cn;\n")).toEqual([]);
    expect(await messagesFor('src/server/spa/prerender.tsx', "import { cn } from '../../web/lib/cn';\nexport const x = cn;\n")).toEqual([]);
    expect(await messagesFor('src/server/spa/html.ts', "import { cn } from '../../web/lib/cn';\nexport const x = cn;\n")).toHaveLength(1);
  });

  it('refuses one feature importing another, and shared web code importing a feature', async () => {
    expect(await messagesFor('src/web/features/account/example.tsx', "import { x } from '../auth/sign-in-page';\nexport const y = x;\n")).toEqual([
      expect.stringContaining('(account → auth)'),
    ]);
    expect(await messagesFor('src/web/lib/example.ts', "import { x } from '../features/auth/sign-in-page';\nexport const y = x;\n")).toEqual([
      expect.stringContaining('does not import a feature'),
    ]);
  });

  it('allows imports inside a feature and from shared code', async () => {
    const code = "import { a } from './review-dialog';\nimport { cn } from '../../../lib/cn';\nexport const y = [a, cn];\n";
    expect(await messagesFor('src/web/features/admin/applications/example.tsx', code)).toEqual([]);
  });
});

describe('file names', () => {
  it('are kebab-case', async () => {
    expect(await messagesFor('src/web/lib/use-thing.test.ts', 'export const x = 1;\n')).toEqual([]);
    expect(await messagesFor('src/web/lib/useThing.ts', 'export const x = 1;\n')).toEqual(['File names are kebab-case (useThing.ts).']);
    expect(await messagesFor('src/web/lib/use_thing.ts', 'export const x = 1;\n')).toEqual(['File names are kebab-case (use_thing.ts).']);
  });
});
