import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workerEnvironment } from '../../src/operators/environment.ts';

describe('the environment of workers and operator commands', () => {
  it("carries MONGODB_DB, so that they use the gateway's database", () => {
    expect(workerEnvironment({ MONGODB_DB: 'market' }).MONGODB_DB).toBe('market');
    expect(workerEnvironment({ MONGODB_DB: ' ' }).MONGODB_DB).toBeUndefined();
    expect(workerEnvironment({}).MONGODB_DB).toBeUndefined();
  });

  it('takes DATA_DIR relative to where npm was run, ./data by default', () => {
    expect(workerEnvironment({ INIT_CWD: '/srv/resale' }).DATA_DIR).toBe(
      join('/srv/resale', 'data'),
    );
    expect(workerEnvironment({ INIT_CWD: '/srv/resale', DATA_DIR: 'elsewhere' }).DATA_DIR).toBe(
      join('/srv/resale', 'elsewhere'),
    );
  });
});
