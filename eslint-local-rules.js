// Project rules ESLint has no built-in for: how files are named. Where imports may go is
// dependency-cruiser's (.dependency-cruiser.cjs, run by `npm run lint`).
import path from 'node:path';

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

export default { rules: { 'file-name': fileName } };
