import { readdirSync, readFileSync } from 'node:fs';

const projectionsDir = new URL('./projections/', import.meta.url);

/**
 * The read models' document types in GraphQL, for the gateway's schema: each read model declares
 * its own in its folder (`projections/<read model>/*.graphql`), as codegen.ts reads them too.
 */
export const readModelTypeDefs: string = readdirSync(projectionsDir, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.graphql'))
  .sort()
  .map((file) => readFileSync(new URL(file, projectionsDir), 'utf8'))
  .join('\n');
