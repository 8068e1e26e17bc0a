import js from '@eslint/js';
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
// feature's: what two features share moves to the shared folders.
const webSrc = path.join(path.dirname(fileURLToPath(import.meta.url)), 'web', 'src');
const featuresDir = path.join(webSrc, 'features');

/** The feature of web/src/features a file lies in, or null. */
function featureOf(file) {
  const relative = path.relative(featuresDir, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0];
}

const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A web feature imports no module of another feature' },
    schema: [],
    messages: {
      crossFeature:
        "The feature '{{own}}' imports '{{source}}' of the feature '{{other}}': features do not " +
        'import one another; move what they share to web/src/components, lib or graphql.',
    },
  },
  create(context) {
    const own = featureOf(context.filename);
    if (!own) return {};
    /** Reports `source` (an import specifier, `@/...` or relative) when it is in another feature. */
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = source.startsWith('@/')
        ? path.join(webSrc, source.slice(2))
        : source.startsWith('.')
          ? path.resolve(path.dirname(context.filename), source)
          : null;
      const other = target && featureOf(target);
      if (other && other !== own)
        context.report({ node, messageId: 'crossFeature', data: { own, other, source } });
    };
    const checkSource = (node) => {
      if (node.source) check(node.source, node.source.value);
    };
    return {
      ImportDeclaration: checkSource,
      ExportNamedDeclaration: checkSource,
      ExportAllDeclaration: checkSource,
      ImportExpression: checkSource,
      TSImportType: (node) => check(node.argument, node.argument.literal?.value),
      // vi.mock('...') and its kin reach into the module they name as well.
      'CallExpression[callee.object.name="vi"][arguments.0.type="Literal"]': (node) =>
        check(node.arguments[0], node.arguments[0].value),
    };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'test-artifacts/**'] },
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
    plugins: { boundaries: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } } },
    rules: { 'boundaries/no-cross-feature-imports': 'error' },
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
