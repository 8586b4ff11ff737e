import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments cite what a reader of the repository can open: a product page with its heading
 * (docs/product/back-office.md#access) or a decision record (docs/decisions/009-back-office.md).
 * Not a ticket of a tracker outside the repository, not the product owner's decisions document
 * (its rules live in docs/product/ and docs/decisions/: the table in docs/product/README.md#old-citations
 * maps them), and not a docs path or heading that does not exist. Test names and printed text count too.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;

/** A ticket by its number ('issue' or 'issues', a number, maybe '#'), or a ticket named without its number. */
const ISSUE_NUMBER = /\bissues?\s+#?\d+/i;
const ISSUE_UNNAMED = /\b(?:the|this|that|another) issue\b/i;
/** The outside decisions document, cited without a path into docs/. */
const BARE_DECISIONS = /(?<![\w./-])decisions\.md\b/;
/**
 * A docs path, its heading anchor, and further anchors of the same page written after it
 * ('docs/product/dashboard.md#adjust-monthly-payment, #transfer'). The root README counts as a page too.
 */
const DOCS_PATH = /(?<![\w./-])(docs\/[\w./-]+?\.md|README\.md(?=#))((?:#[\w-]+)?(?:(?:,\s*|\s+and\s+)#[\w-]+)*)/g;

/**
 * Places whose words only look like a citation (product copy, say): the file, the exact text on the line, and why.
 * A place that no longer holds its text fails the test, so the list cannot go stale.
 */
const EXEMPT: { file: string; text: string; reason: string }[] = [];

/** GitHub's heading anchors: lower case, punctuation dropped, each space a hyphen; a repeated heading gets -1, -2, … */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string> | null>();
function anchorsOf(doc: string): Set<string> | null {
  if (!anchorCache.has(doc)) {
    const file = path.join(ROOT, doc);
    anchorCache.set(doc, existsSync(file) ? headingAnchors(readFileSync(file, 'utf8')) : null);
  }
  return anchorCache.get(doc)!;
}

/** What is wrong with one line's citations, as messages (none when it is fine). */
export function lineProblems(line: string): string[] {
  const problems: string[] = [];
  const issue = ISSUE_NUMBER.exec(line) ?? ISSUE_UNNAMED.exec(line);
  if (issue) problems.push(`cites a ticket ('${issue[0]}'): cite the docs/product or docs/decisions page that holds the rule, or drop it`);
  if (BARE_DECISIONS.test(line))
    problems.push("cites the product owner's decisions document: cite the docs/product or docs/decisions page that holds the rule");
  for (const [, doc, anchorText] of line.matchAll(DOCS_PATH)) {
    const anchors = anchorsOf(doc);
    if (!anchors) {
      problems.push(`cites ${doc}, which does not exist`);
      continue;
    }
    for (const [, anchor] of anchorText.matchAll(/#([\w-]+)/g)) {
      if (!anchors.has(anchor)) problems.push(`cites ${doc}#${anchor}, which is no heading of that page`);
    }
  }
  return problems;
}

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
  return listed.filter((file) => SOURCE.test(file) && (/^(src|e2e|bench|scripts)\//.test(file) || !file.includes('/')) && existsSync(path.join(ROOT, file)));
}

describe('citations in source files', () => {
  it('cite pages and headings that exist, never a ticket or the outside decisions document', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const exemptionsUsed = new Set<number>();
    for (const file of files) {
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const exemption = EXEMPT.findIndex((e) => e.file === file && line.includes(e.text));
          if (exemption >= 0) {
            exemptionsUsed.add(exemption);
            return;
          }
          for (const problem of lineProblems(line)) failures.push(`${file}:${index + 1}: ${problem}`);
        });
    }
    EXEMPT.forEach((e, i) => {
      if (!exemptionsUsed.has(i)) failures.push(`${e.file}: the exemption '${e.text}' matches no line any more; remove it`);
    });
    expect(failures).toEqual([]);
  });
});

describe('the citation check', () => {
  // Built from pieces, so that this file does not cite what it describes.
  const ticket = (n: string) => ['iss', `ue ${n}`].join('');
  const docs = 'docs';

  it('refuses ticket numbers, and a ticket named without one', () => {
    expect(lineProblems(` * The rule (${ticket('12')}): no NUL.`)).toHaveLength(1);
    expect(lineProblems(`// ${ticket('11')}, point 6`)).toHaveLength(1);
    expect(lineProblems(` * (${['iss', 'ues 15 and 17'].join('')})`)).toHaveLength(1);
    expect(lineProblems(`/** ${ticket('#4')} */`)).toHaveLength(1);
    expect(lineProblems(`// default 1,000,000, ${['the iss', "ue's"].join('')} scale`)).toHaveLength(1);
  });

  it('lets text through that only looks like one', () => {
    expect(lineProblems('for (const issue of parsed.error.issues) errors[issue.path.join(".")] ??= issue.message;')).toEqual([]);
    expect(lineProblems(' * docs/decisions/015-embedded-durability.md#also-in-issue-12-faults: SIGTERM drains')).toEqual([]);
  });

  it('refuses the outside decisions document and takes the docs paths', () => {
    expect(lineProblems(` * (${['decisions', 'md'].join('.')} 'Valuations')`)).toHaveLength(1);
    expect(lineProblems(' * (docs/decisions/022-homes-and-ledger.md#the-ledger; docs/product/dashboard.md#what-comes-with-a-home)')).toEqual([]);
  });

  it('refuses a docs path or a heading that does not exist, also one written after the first', () => {
    expect(lineProblems(` * ${docs}/product/nowhere.md`)).toEqual([`cites ${docs}/product/nowhere.md, which does not exist`]);
    expect(lineProblems(` * ${docs}/product/back-office.md#acess`)).toEqual([`cites ${docs}/product/back-office.md#acess, which is no heading of that page`]);
    expect(lineProblems(` * (${docs}/product/dashboard.md#adjust-monthly-payment, #transfers)`)).toEqual([
      `cites ${docs}/product/dashboard.md#transfers, which is no heading of that page`,
    ]);
    expect(lineProblems(' * (README.md#demo-data, docs/product/README.md#old-citations)')).toEqual([]);
  });

  it('spells anchors as GitHub does', () => {
    const anchors = headingAnchors(
      `# Title\n## Requests ("conditions") — \`application_requests\`\n\`\`\`\n# not a heading\n\`\`\`\n## Also in ${ticket('12')}: faults\n## Lists\n## Lists\n`,
    );
    expect([...anchors]).toEqual(['title', 'requests-conditions--application_requests', 'also-in-issue-12-faults', 'lists', 'lists-1']);
  });
});
