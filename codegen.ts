import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * TypeScript types generated from the GraphQL schema (`npm run codegen`):
 * - the gateway's resolver signatures (gateway/src/graphql/generated.ts);
 * - the web's typed documents: `graphql(...)` from web/src/graphql returns a TypedDocumentNode
 *   whose result and variables types are those of the operation written in it.
 * `npm run typecheck` fails when a generated file is not what the schema and documents give
 * (scripts/codegen-check.mjs).
 */
const config: CodegenConfig = {
  // The read models' document types (one file in each read model's folder) and the gateway's API.
  schema: [
    'workers/src/projections/*/*.graphql',
    'gateway/src/graphql/schema.gql',
    'gateway/src/graphql/audit.gql',
    'gateway/src/graphql/operations.gql',
  ],
  emitLegacyCommonJSImports: false,
  generates: {
    'gateway/src/graphql/generated.ts': {
      plugins: [
        {
          add: {
            content: [
              '/* eslint-disable */',
              '// Generated from the GraphQL schema by `npm run codegen`: do not edit.',
            ],
          },
        },
        'typescript',
        'typescript-resolvers',
      ],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        // Resolvers get the caller of an HTTP query or a WebSocket subscription.
        contextType: './context.ts#CallerContext',
        useIndexSignature: false,
        strictScalars: true,
        scalars: { ID: 'string' },
      },
    },
    'web/src/graphql/': {
      documents: ['web/src/**/*.{ts,tsx}', '!web/src/graphql/**', '!web/src/**/*.test.{ts,tsx}'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        strictScalars: true,
        scalars: { ID: 'string' },
      },
    },
  },
  // As the repository's lint wants them (the client preset's graphql.ts needs no eslint-disable).
  hooks: { afterAllFileWrite: ['eslint --fix', 'prettier --write'] },
};

export default config;
