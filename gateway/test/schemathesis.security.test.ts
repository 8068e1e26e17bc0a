import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  bookingOf,
  buildTestApp,
  listProduct,
  registerUser,
  seedCategories,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from './helper.ts';

const run = promisify(execFile);

/**
 * Schemathesis (PyPI) reads the gateway's own OpenAPI document and sends, for every operation,
 * the documented examples, the boundary values of every schema and random and malformed
 * requests. It runs against a real socket, as a signed-in seller and as an admin. `.ci/run`
 * installs it (`pip install schemathesis`); `SCHEMATHESIS` names another executable.
 */
const schemathesis = process.env['SCHEMATHESIS'] ?? 'schemathesis';

async function schemathesisVersion(): Promise<string | null> {
  try {
    return (await run(schemathesis, ['--version'])).stdout.trim();
  } catch {
    return null;
  }
}

describe('every route of the OpenAPI document under Schemathesis', () => {
  let t: TestApp;
  let seller: SignedInUser;
  let admin: SignedInUser;
  let base: string;
  let scratch: string;
  let schemaFile: string;
  /** Path parameters that name things that exist, so requests reach the logic behind them. */
  let existing: Record<string, string>;

  beforeAll(async () => {
    if ((await schemathesisVersion()) === null)
      throw new Error(
        `Schemathesis is not installed (${schemathesis}): pip install schemathesis, or set SCHEMATHESIS`,
      );
    const adminEmail = uniqueEmail('admin');
    // Every request of the run comes from one address and one token: limits out of the way.
    t = await buildTestApp({
      ADMIN_EMAILS: adminEmail,
      RATE_LIMIT_READS: '1000000',
      RATE_LIMIT_READS_PER_TOKEN: '1000000',
    });
    await seedCategories(t.app);
    [seller, admin] = await Promise.all([
      registerUser(t.app, 'seller'),
      registerUser(t.app, 'buyer', { email: adminEmail }),
    ]);
    const buyer = await registerUser(t.app, 'buyer');
    const productId = await listProduct(t.app, seller);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/bookings',
      headers: bearer(buyer.accessToken),
      payload: bookingOf(buyer, await listProduct(t.app, seller)),
    });
    existing = {
      productId,
      bookingId: booked.json<{ insertedId: string }>().insertedId,
      categoryTitle: 'Samsung',
      id: seller.uid,
      userId: buyer.uid,
    };
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    scratch = mkdtempSync(path.join(tmpdir(), 'schemathesis-'));
    schemaFile = path.join(scratch, 'openapi.json');
    writeFileSync(schemaFile, JSON.stringify(t.app.swagger()));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  const fuzzAs = async (caller: SignedInUser) => {
    const configFile = path.join(scratch, `${caller.uid}.toml`);
    const parameters = { ...existing, email: caller.email, sellerEmail: seller.email };
    writeFileSync(
      configFile,
      `[parameters]\n${Object.entries(parameters)
        .map(([name, value]) => `${name} = ${JSON.stringify(value)}`)
        .join('\n')}\n`,
    );
    const args = [
      '--no-color',
      '--config-file',
      configFile,
      'run',
      schemaFile,
      '--url',
      base,
      '--header',
      `Authorization: Bearer ${caller.accessToken}`,
      '--checks',
      'not_a_server_error,content_type_conformance,response_schema_conformance',
      '--phases',
      'examples,coverage,fuzzing',
      '--max-examples',
      '12',
      // One worker: with two, Hypothesis parses its lambdas' source in two threads at once, which
      // Python 3.11's parser does not survive ("AST constructor recursion depth mismatch").
      '--workers',
      '1',
      '--seed',
      '1',
      '--generation-database',
      'none',
    ];
    try {
      const { stdout } = await run(schemathesis, args, {
        maxBuffer: 32 * 1024 * 1024,
        // It keeps a folder of its own (.schemathesis) where it runs.
        cwd: scratch,
        env: { ...process.env, NO_COLOR: '1' },
      });
      return { code: 0, output: stdout };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}\n${failed.stderr ?? ''}` };
    }
  };

  /** Its exit code, and its summary: "Test cases: N generated, N passed" with every operation tested. */
  const expectEveryCasePassed = (code: number, output: string) => {
    expect(code, output).toBe(0);
    const tested = /Tested: (\d+)/.exec(output);
    const selected = /Selected: (\d+)\/(\d+)/.exec(output);
    expect(Number(tested?.[1]), output).toBe(Number(selected?.[2]));
    const cases = /(\d+) generated, (\d+) passed/.exec(output);
    expect(Number(cases?.[1]), output).toBeGreaterThan(500);
    expect(cases?.[2], output).toBe(cases?.[1]);
  };

  it('answers no 5xx, and what each answer documents, to a seller', async () => {
    const { code, output } = await fuzzAs(seller);
    expectEveryCasePassed(code, output);
  }, 600_000);

  it('answers no 5xx, and what each answer documents, to an admin', async () => {
    const { code, output } = await fuzzAs(admin);
    expectEveryCasePassed(code, output);
  }, 600_000);
});
