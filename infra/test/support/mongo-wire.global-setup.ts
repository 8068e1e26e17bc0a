import type { TestProject } from 'vitest/node';
import { FERRETDB_VERSION, startMongoWireServer } from '../../src/mongo-wire-server.ts';

/*
 * The MongoDB server of a test project's MongoDB suites: the one MONGODB_URL names (a real
 * MongoDB wins), else a FerretDB of the project's own on a free port, removed afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const configured = process.env.MONGODB_URL;
  if (configured) {
    project.provide('mongoUrl', configured);
    project.provide('mongoServer', 'MONGODB_URL');
    return async () => {};
  }
  const server = await startMongoWireServer({
    log: (line) => console.info(`[${project.name}] ${line}`),
  });
  project.provide('mongoUrl', server.url);
  project.provide('mongoServer', `FerretDB ${FERRETDB_VERSION}`);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The MongoDB-wire server of this run's MongoDB suites. */
    mongoUrl: string;
    /** What it is, for the suites' titles: 'MONGODB_URL' or 'FerretDB v1.24.2'. */
    mongoServer: string;
  }
}
