// Project rules ESLint has no built-in for (issue 11, point 6): where imports may go, and how files are named.
import path from 'node:path';

const ROOT = path.dirname(new URL(import.meta.url).pathname);
const rel = (file) => path.relative(ROOT, file).split(path.sep).join('/');

/** The server files that may import web code: they render the public pages from the app's own routes and components (ADR 012, ADR 025). */
export const SERVER_TO_WEB_EXCEPTIONS = ['src/server/spa/static-landing.tsx', 'src/server/spa/prerender.tsx'];

const featureOf = (file) => /^src\/web\/features\/([^/]+)\//.exec(file)?.[1];

/** What `file` may not import as `target` (both relative to the repository), or undefined when it may. */
export function boundaryViolation(file, target) {
  if (file.startsWith('src/server/') && target.startsWith('src/web/') && !SERVER_TO_WEB_EXCEPTIONS.includes(file)) {
    return 'Server code never imports web code (the pages the server renders, src/server/spa/static-landing.tsx and prerender.tsx, are the exceptions).';
  }
  const from = featureOf(file);
  const to = featureOf(target);
  if (to && from && from !== to) {
    return `A feature does not import another feature (${from} → ${to}): move what both need to src/web/components or src/web/lib.`;
  }
  if (to && /^src\/web\/(lib|components)\//.test(file)) {
    return 'Shared web code (lib, components) does not import a feature.';
  }
  return undefined;
}

const boundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = rel(context.filename);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = rel(path.resolve(path.dirname(context.filename), source));
      const message = boundaryViolation(file, target);
      if (message) context.report({ node: node.source, message });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** kebab-case names: `review-dialog.tsx`, `letters.test.ts`, `0011_session_two_factor.sql` is not linted. */
export const FILE_NAME = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;

const fileName = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const base = path.basename(context.filename);
    return {
      Program(node) {
        if (!FILE_NAME.test(base)) context.report({ node, message: `File names are kebab-case (${base}).` });
      },
    };
  },
};

export default { rules: { boundaries, 'file-name': fileName } };
