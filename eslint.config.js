import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

/////////////////////////////////////////
// Boundaries
/////////////////////////////////////////

// The gateway stores nothing itself: the event store is a port in events/; the read, idempotency
// and image stores, queues and pub/sub are ports in workers/, each adapter chosen by a factory.
const storageDrivers = ['mongodb', 'better-sqlite3', 'ioredis', 'bullmq', '@eventstore/db-client'];
const storageMessage =
  'Storage lives behind the ports in events/ and workers/: the gateway uses their factories ' +
  '(createEventStore, createReadStore, createIdempotencyStore, createImageStore, ...), never a driver.';
// A driver (or a module of it) named in import('...'): `/` written \u002F, as esquery's regular
// expressions end at the first slash.
const driverSpecifier = `/^(${storageDrivers.map((name) => name.replace('/', '\\u002F')).join('|')})($|\\u002F)|^@kurrent\\u002F/`;

// A web feature uses the app's shared code (components, lib, graphql, config), never another
// feature's: what two features share moves to the shared folders. eslint-plugin-boundaries tells
// the feature of each file and of each import it resolves (the `@/*` alias by web/tsconfig.json).
const rootPath = path.dirname(fileURLToPath(import.meta.url));
const featureMessage =
  "The feature '{{ from.element.captured.feature }}' imports '{{ dependency.source }}' of the " +
  "feature '{{ to.element.captured.feature }}': features do not import one another; move what " +
  'they share to web/src/components, lib or graphql.';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'web/.start-builds/**',
      'data/**',
      'coverage/**',
      'test-artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['gateway/src/**/*.{ts,js,mjs}'],
    rules: {
      // Type-only imports too: a driver's types are its coupling as much as its code.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: storageDrivers.map((name) => ({ name, message: storageMessage })),
          patterns: [
            {
              group: [...storageDrivers.map((name) => `${name}/*`), '@kurrent/*'],
              message: storageMessage,
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: `ImportExpression[source.value=${driverSpecifier}]`, message: storageMessage },
        {
          selector: `TSImportType[argument.literal.value=${driverSpecifier}]`,
          message: storageMessage,
        },
      ],
    },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': rootPath,
      'boundaries/elements': [
        {
          type: 'feature',
          pattern: 'web/src/features/*',
          partialMatch: false,
          capture: ['feature'],
        },
      ],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/additional-dependency-nodes': [
        // `import('...').Type` in a type position, and vi.mock('...') and its kin, which reach
        // into the module they name as well.
        { selector: 'TSImportType > Literal.source', kind: 'type', name: 'import-type' },
        {
          selector: 'CallExpression[callee.object.name="vi"] > Literal:first-child',
          kind: 'value',
          name: 'vi',
        },
      ],
      'import/resolver': { typescript: { project: path.join(rootPath, 'web', 'tsconfig.json') } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'feature',
                    // Any feature but the importer's own: a feature imports itself freely.
                    captured: { feature: '!{{ from.element.captured.feature }}' },
                  },
                },
              },
              message: featureMessage,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        module: 'writable',
        exports: 'writable',
        require: 'readonly',
        __filename: 'readonly',
      },
    },
  },
);
