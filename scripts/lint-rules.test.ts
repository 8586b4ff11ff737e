import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The project's own ESLint rule (eslint-local-rules.js) refuses what it forbids, through the real config; imports: import-rules.test.ts. */
const eslint = new ESLint();
const messagesFor = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId?.startsWith('local/')).map((m) => m.message);
};

describe('file names', () => {
  it('are kebab-case', async () => {
    expect(await messagesFor('src/web/lib/use-thing.test.ts', 'export const x = 1;\n')).toEqual([]);
    expect(await messagesFor('src/web/lib/useThing.ts', 'export const x = 1;\n')).toEqual(['File names are kebab-case (useThing.ts).']);
    expect(await messagesFor('src/web/lib/use_thing.ts', 'export const x = 1;\n')).toEqual(['File names are kebab-case (use_thing.ts).']);
  });
});
