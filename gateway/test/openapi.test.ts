import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';

interface Media {
  schema: Record<string, unknown>;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  requestBody?: { required?: boolean; content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

/** The examples a media object gives for its whole body. */
const examplesOf = (media: Media | undefined): unknown[] =>
  media === undefined
    ? []
    : [
        ...(media.example === undefined ? [] : [media.example]),
        ...Object.values(media.examples ?? {}).map((example) => example.value),
      ];

/** Every schema inside a schema (itself included) that has `examples`. */
function* schemasWithExamples(schema: unknown): Generator<Record<string, unknown>> {
  if (typeof schema !== 'object' || schema === null) return;
  const node = schema as Record<string, unknown>;
  if (Array.isArray(node.examples)) yield node;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'examples' || key === 'example') continue;
    if (Array.isArray(value)) for (const item of value) yield* schemasWithExamples(item);
    else yield* schemasWithExamples(value);
  }
}

describe('the OpenAPI document at /docs/json', () => {
  let t: TestApp;
  let spec: OpenApi;
  beforeAll(async () => {
    t = await buildTestApp();
    spec = (await t.app.inject({ url: '/docs/json' })).json<OpenApi>();
  });
  afterAll(() => t.close());

  const operation = (path: string, method: string): Operation => {
    const found = spec.paths[path]?.[method];
    if (!found) throw new Error(`No ${method.toUpperCase()} ${path} in the document`);
    return found;
  };

  it('declares the upload as multipart/form-data with a required binary field "image"', () => {
    const body = operation('/images', 'post').requestBody;
    expect(body?.required).toBe(true);
    expect(Object.keys(body?.content ?? {})).toEqual(['multipart/form-data']);
    expect(body?.content['multipart/form-data']?.schema).toMatchObject({
      type: 'object',
      required: ['image'],
      properties: { image: { type: 'string', format: 'binary' } },
    });
  });

  it.each([
    ['/users', 'post', 'registration'],
    ['/myProducts', 'post', 'listing'],
    ['/bookings', 'post', 'booking'],
  ])('%s %s has an example %s, an example answer and example refusals', (path, method) => {
    const { requestBody, responses } = operation(path, method);
    expect(examplesOf(requestBody?.content['application/json'])).toHaveLength(1);
    expect(examplesOf(responses['201']?.content?.['application/json'])).toHaveLength(1);
    expect(examplesOf(responses['4XX']?.content?.['application/json']).length).toBeGreaterThan(0);
    expect(examplesOf(responses['5XX']?.content?.['application/json']).length).toBeGreaterThan(0);
  });

  it.each([
    ['/allProducts/{categoryTitle}', 'product'],
    ['/products', 'product'],
    ['/bookings', 'booking'],
    ['/users', 'user'],
    ['/categories', 'category'],
  ])('GET %s shows an example %s', (path) => {
    const media = operation(path, 'get').responses['200']?.content?.['application/json'];
    expect([...schemasWithExamples(media?.schema)].length).toBeGreaterThan(0);
  });

  it('every example matches the schema it illustrates', () => {
    let checked = 0;
    for (const [path, methods] of Object.entries(spec.paths))
      for (const [method, { requestBody, responses }] of Object.entries(methods)) {
        const media = [
          ...Object.values(requestBody?.content ?? {}),
          ...Object.values(responses).flatMap((response) => Object.values(response.content ?? {})),
        ];
        for (const { schema, ...rest } of media) {
          const validator = Compile(schema as never);
          for (const example of examplesOf({ schema, ...rest })) {
            checked += 1;
            expect([method, path, validator.Check(example)]).toEqual([method, path, true]);
          }
          for (const node of schemasWithExamples(schema)) {
            const nodeValidator = Compile(node as never);
            for (const example of node.examples as unknown[]) {
              checked += 1;
              expect([method, path, example, nodeValidator.Check(example)]).toEqual([
                method,
                path,
                example,
                true,
              ]);
            }
          }
        }
      }
    expect(checked).toBeGreaterThan(20);
  });
});
