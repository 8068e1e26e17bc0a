import { createServer } from 'node:http';

/** What a test file may ask of a stack it shares: POST {url} describes it, POST {url}/{action} acts. */
export interface StackControl<Stack> {
  readonly start: () => Promise<Stack>;
  readonly describe: (stack: Stack) => unknown;
  readonly actions?: Readonly<Record<string, (stack: Stack) => Promise<unknown>>>;
  readonly stop: (stack: Stack) => Promise<void>;
}

/**
 * Serves a stack shared by the test files of a run, which run in worker processes: it starts on
 * the first request (runs that do not need it don't pay for it) and stops with the returned
 * function. Answers the control URL.
 */
export async function serveStackControl<Stack>(
  control: StackControl<Stack>,
): Promise<{ url: string; close: () => Promise<void> }> {
  let starting: Promise<Stack> | undefined;
  const server = createServer((request, response) => {
    const action = request.url?.match(/^\/stack(?:\/([a-z-]+))?$/);
    const act = action?.[1] === undefined ? undefined : control.actions?.[action[1]];
    if (request.method !== 'POST' || !action || (action[1] !== undefined && !act)) {
      response.writeHead(404).end();
      return;
    }
    starting ??= control.start();
    starting
      .then(async (stack) => (act ? act(stack) : control.describe(stack)))
      .then(
        (answer) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(answer ?? null));
        },
        (error: unknown) => {
          response.writeHead(500, { 'content-type': 'text/plain' });
          response.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
        },
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('No control port');
  return {
    url: `http://127.0.0.1:${address.port}/stack`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const stack = await starting?.catch(() => undefined);
      if (stack !== undefined) await control.stop(stack);
    },
  };
}

/** Asks the stack behind `url` (see serveStackControl) for its description or an action. */
export async function askStack<Answer>(url: string, action?: string): Promise<Answer> {
  const response = await fetch(action ? `${url}/${action}` : url, { method: 'POST' });
  if (!response.ok) throw new Error(`The shared stack failed:\n${await response.text()}`);
  return (await response.json()) as Answer;
}
