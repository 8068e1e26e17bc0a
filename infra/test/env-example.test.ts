import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configProblems, loadConfig } from '@resale/gateway/config';
import { workerEnvironment } from '@resale/workers/operators/environment';

// .env.example lists every setting the code reads, with its default. The settings are found in
// the code itself: the gateway's and the workers' by calling their readers on an environment that
// records what is asked of it, the rest by reading the sources of gateway/, infra/, workers/ and
// events/ (tests and test support aside) for `env.NAME`, `env['NAME']`, `process.env.NAME`, a
// reader called as `f(env, 'NAME')`, and, in a file that reads the environment by a computed
// name, every `f('NAME')`.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');

/** Set by npm itself (where npm was run), not by a user. */
const notSettings = new Set(['INIT_CWD']);

interface Section {
  readonly title: string;
  /** Each setting of the section and the value written for it ('' for none). */
  readonly entries: Map<string, string>;
  readonly repeated: string[];
}

/** `## Title` starts a section; `# NAME=value` (or `NAME=value`) is a setting of it. */
function sectionsOf(text: string): Section[] {
  const sections: Section[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) {
      sections.push({ title: line.slice(3), entries: new Map(), repeated: [] });
      continue;
    }
    const setting = /^(?:# )?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!setting) continue;
    const section = sections.at(-1);
    if (!section) throw new Error(`${line}: a setting before any "## " section`);
    const [, name, value] = setting as unknown as [string, string, string];
    if (section.entries.has(name)) section.repeated.push(name);
    section.entries.set(name, value);
  }
  return sections;
}

/** The names a reader asks of the environment it is given. */
function namesAskedBy(reader: (env: Record<string, string | undefined>) => unknown): Set<string> {
  const asked = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get(_target, name) {
      if (typeof name === 'string' && /^[A-Z][A-Z0-9_]*$/.test(name)) asked.add(name);
      return undefined;
    },
  });
  reader(env);
  return asked;
}

const sourceDirs = ['gateway/src', 'infra/src', 'workers/src', 'events/src'];
const sourceFiles = sourceDirs.flatMap((dir) =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(dir, file))
    .filter((file) => !file.split(path.sep).includes('testing')),
);

/** Each setting name the sources read, and the files that read it. */
function settingsReadBySources(): Map<string, string[]> {
  const readers = new Map<string, string[]>();
  for (const file of sourceFiles) {
    const text = read(file);
    const names = new Set<string>();
    for (const match of text.matchAll(
      /\b(?:env|process\.env)(?:\.([A-Z][A-Z0-9_]+)|\[\s*'([A-Z][A-Z0-9_]+)'\s*\])/g,
    ))
      names.add((match[1] ?? match[2])!);
    for (const match of text.matchAll(/\(\s*env\s*,\s*'([A-Z][A-Z0-9_]+)'/g)) names.add(match[1]!);
    if (/\b(?:env|process\.env)\[\s*[a-z]\w*\s*\]/.test(text))
      for (const match of text.matchAll(/\b\w+\(\s*'([A-Z][A-Z0-9_]+)'\s*\)/g))
        names.add(match[1]!);
    for (const name of names) readers.set(name, [...(readers.get(name) ?? []), file]);
  }
  return readers;
}

/** The web client's settings and defaults: `viteEnv.NAME ?? 'default'` in web/src/config/env.ts. */
const webDefaults = new Map(
  [...read('web/src/config/env.ts').matchAll(/viteEnv\.(VITE_\w+) \?\? '([^']*)'/g)].map(
    (match) => [match[1]!, match[2]!] as const,
  ),
);

describe('.env.example', () => {
  const sections = sectionsOf(read('.env.example'));
  const section = (titleStart: string): Section => {
    const found = sections.find((candidate) => candidate.title.startsWith(titleStart));
    if (!found) throw new Error(`.env.example has no section "## ${titleStart}..."`);
    return found;
  };
  const listed = new Set(sections.flatMap((s) => [...s.entries.keys()]));
  const gatewaySettings = namesAskedBy((env) => configProblems(env));
  const workerSettings = namesAskedBy((env) => workerEnvironment(env));
  const sourceSettings = settingsReadBySources();

  it('lists every setting the code reads', () => {
    const readByCode = new Set([
      ...gatewaySettings,
      ...workerSettings,
      ...sourceSettings.keys(),
      ...webDefaults.keys(),
    ]);
    const missing = [...readByCode]
      .filter((name) => !notSettings.has(name) && !listed.has(name))
      .map((name) => `${name} (read by ${sourceSettings.get(name)?.join(', ') ?? 'the gateway'})`);
    expect(missing).toEqual([]);
    // The readers were seen at all: the gateway's whole schema, the workers' environment.
    expect(gatewaySettings.size).toBeGreaterThan(15);
    expect(workerSettings).toContain('QUEUE_PARTITIONS');
  });

  it('lists no setting the code does not name', () => {
    const code = [...sourceFiles, 'web/src/config/env.ts'].map(read).join('\n');
    expect([...listed].filter((name) => !new RegExp(`\\b${name}\\b`).test(code))).toEqual([]);
  });

  it('names each setting once per section', () => {
    expect(sections.flatMap((s) => s.repeated.map((name) => `${s.title}: ${name}`))).toEqual([]);
  });

  it("lists the gateway's settings under the gateway, each with the default the gateway takes", () => {
    const gateway = section('The gateway');
    expect([...gateway.entries.keys()].sort()).toEqual([...gatewaySettings].sort());
    // Written values that are not the defaults would give another configuration.
    const secret = { ACCESS_TOKEN_SECRET: 'a-secret-of-at-least-32-characters-for-the-test' };
    expect(loadConfig({ ...Object.fromEntries(gateway.entries), ...secret })).toEqual(
      loadConfig(secret),
    );
  });

  it("lists the workers' settings under the workers, each with the default they take", () => {
    const workers = section('Workers');
    const asked = [...workerSettings].filter((name) => !notSettings.has(name));
    expect(asked.filter((name) => !workers.entries.has(name))).toEqual([]);
    const cwd = { INIT_CWD: root };
    expect(workerEnvironment({ ...Object.fromEntries(workers.entries), ...cwd })).toEqual(
      workerEnvironment(cwd),
    );
  });

  it("lists the web client's build settings with their defaults", () => {
    expect(section('The web client').entries).toEqual(webDefaults);
  });

  it('writes, for every other setting, the default the code gives it', () => {
    const code = sourceFiles.map(read).join('\n');
    const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const checkedElsewhere = ['The gateway', 'Workers', 'The web client'];
    const wrong = sections
      .filter((s) => !checkedElsewhere.some((title) => s.title.startsWith(title)))
      .flatMap((s) =>
        [...s.entries]
          .filter(([, value]) => value !== '')
          .filter(
            ([name, value]) =>
              // `env.PORT ?? 5000`, `valueOf(env, 'HOST') ?? '127.0.0.1'`, `PORT: 5000`.
              !new RegExp(
                `\\b${name}'?\\)?\\s*(?:\\?\\?|\\|\\||:)\\s*'?${escape(value)}'?(?![\\w.:-])`,
              ).test(code),
          )
          .map(([name, value]) => `${s.title.split(':')[0]}: ${name}=${value}`),
      );
    expect(wrong).toEqual([]);
  });
});
