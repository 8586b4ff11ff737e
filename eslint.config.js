import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import local from './eslint-local-rules.js';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'src/server/platform/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Kebab-case file names; where imports may go is .dependency-cruiser.cjs's (npm run lint).
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { local },
    rules: { 'local/file-name': 'error' },
  },
  // Imports flow one way: domain → server / web lib → features → router (style.md).
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', 'react', 'react-dom', 'pg', 'drizzle-orm*', 'node:*'],
              message: 'Domain code is pure: no I/O, no React, no server code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'The browser never imports server code.' }] }],
      // Text follows the reader's text size (WCAG 1.4.4; docs/product/public-site.md#reflow): a font size in px would not.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/(^|[\\s:])text-\\[[0-9.]+px\\]/], TemplateElement[value.raw=/(^|[\\s:])text-\\[[0-9.]+px\\]/]',
          message: "Give font sizes in rem (text-[0.9375rem], not text-[15px]) so text follows the reader's text size.",
        },
      ],
    },
  },
  // Every string schema refuses NUL and lone surrogates, which PostgreSQL cannot store: build it with
  // src/domain/safe-text.ts (docs/decisions/019-formatting-and-boundaries.md). The environment's schema (config.ts) reads no request input.
  {
    files: ['src/domain/**/*.ts', 'src/server/**/*.ts'],
    ignores: ['src/domain/safe-text.ts', 'src/server/platform/config.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[object.name='z'][property.name=/^(string|email|uuid|uuidv4|uuidv6|uuidv7|guid|url|httpUrl|iso|stringbool|stringFormat|templateLiteral|base64|base64url|hex|hash|jwt|e164|emoji|nanoid|cuid|cuid2|ulid|xid|ksuid|ipv4|ipv6|cidrv4|cidrv6|hostname|mac|lowercase|uppercase|any|unknown|custom)$/]",
          message: 'Build string schemas with src/domain/safe-text.ts (safeString, emailFormat, safeIsoDateTime): they refuse NUL and lone surrogates.',
        },
        {
          selector: "MemberExpression[object.object.name='z'][object.property.name='coerce'][property.name='string']",
          message: 'Build string schemas with src/domain/safe-text.ts.',
        },
      ],
    },
  },
  // Money, counts and dates read the same everywhere (whole dollars with separators in the calculators, 'MMM d, yyyy'):
  // they are formatted only by src/domain/format.ts. A rule of its own, as no-restricted-syntax above is per folder.
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/domain/**/*.ts'],
    ignores: ['src/domain/format.ts', 'src/domain/format.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: 'Format through src/domain/format.ts (formatNumber, formatMoney, formatCents, formatPercent, formatDate).',
        })),
        {
          object: 'Intl',
          property: 'NumberFormat',
          message: 'Format numbers through src/domain/format.ts (formatNumber, formatMoney, formatCents, formatPercent).',
        },
      ],
    },
  },
  // Formatting is Prettier's (npm run format; checked by npm run lint): no ESLint rule argues with it.
  prettier,
);
