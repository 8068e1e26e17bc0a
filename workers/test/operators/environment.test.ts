import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WorkerEnvironmentError, workerEnvironment } from '../../src/operators/environment.ts';

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

describe('the settings of workers and operator commands, checked before anything opens', () => {
  const problemsOf = (env: NodeJS.ProcessEnv): readonly string[] => {
    try {
      workerEnvironment(env);
      return [];
    } catch (error) {
      if (!(error instanceof WorkerEnvironmentError)) throw error;
      return error.problems;
    }
  };

  it('take LOG_LEVEL among the levels of the gateway, info by default', () => {
    expect(workerEnvironment({}).LOG_LEVEL).toBe('info');
    expect(workerEnvironment({ LOG_LEVEL: ' warn ' }).LOG_LEVEL).toBe('warn');
    expect(workerEnvironment({ LOG_LEVEL: '' }).LOG_LEVEL).toBe('info');
    expect(problemsOf({ LOG_LEVEL: 'loud' })).toEqual([
      'LOG_LEVEL=loud is not one of fatal, error, warn, info, debug, trace, silent',
    ]);
  });

  it('take HEALTH_PORT as a port number, none by default, and HEALTH_HOST beside it', () => {
    expect(workerEnvironment({}).HEALTH_PORT).toBeUndefined();
    expect(workerEnvironment({}).HEALTH_HOST).toBe('127.0.0.1');
    expect(workerEnvironment({ HEALTH_PORT: '9100', HEALTH_HOST: '0.0.0.0' })).toMatchObject({
      HEALTH_PORT: 9100,
      HEALTH_HOST: '0.0.0.0',
    });
    for (const port of ['abc', '0', '65536', '9100.5', '-1'])
      expect(problemsOf({ HEALTH_PORT: port })).toEqual([
        `HEALTH_PORT=${port} must be a port number 1-65535`,
      ]);
  });

  it('name every invalid setting at once, one line each', () => {
    expect(problemsOf({ QUEUE_PARTITIONS: '0', LOG_LEVEL: 'loud', HEALTH_PORT: 'x' })).toEqual([
      'QUEUE_PARTITIONS=0 must be a whole number of at least 1',
      'LOG_LEVEL=loud is not one of fatal, error, warn, info, debug, trace, silent',
      'HEALTH_PORT=x must be a port number 1-65535',
    ]);
    expect(workerEnvironment({ QUEUE_PARTITIONS: '' }).QUEUE_PARTITIONS).toBe(4);
  });
});
