import { describe, expect, it } from 'vitest';
import { checkAnswer } from './check';
import { createSchemaTools, readWireValue, type TOpenApiDoc } from './schema';

// The fuzz suite's oracle on a hand-made document: each rule must catch what it is for, and let a right answer pass.
const problem = { type: 'object', properties: { title: { type: 'string' }, status: { type: 'integer' } }, required: ['title', 'status'] };
const doc: TOpenApiDoc = {
  openapi: '3.0.3',
  security: [{ bearer: [] }],
  components: { schemas: { Problem: problem } },
  paths: {
    '/api/things/{id}': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 0, exclusiveMinimum: true } }],
        responses: {
          '200': { content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'integer' }, note: { type: 'string', nullable: true } }, required: ['id'] } } } },
          '404': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } },
          '204': { description: 'none' },
        },
      },
    },
  },
};
const op = doc.paths['/api/things/{id}']!.get!;
const tools = createSchemaTools(doc);
const check = (status: number, body: unknown, extra: { invalid?: string; anonymous?: boolean; type?: string } = {}) =>
  checkAnswer({
    doc,
    op,
    tools,
    answer: { status, contentType: extra.type ?? 'application/json', body: body === undefined ? '' : JSON.stringify(body) },
    invalid: extra.invalid ?? null,
    anonymous: extra.anonymous ?? false,
  });

describe('fuzz oracle', () => {
  it('passes answers the document declares, with nullable and $ref schemas', () => {
    expect(check(200, { id: 1, note: null })).toEqual([]);
    expect(check(404, { title: 'Not Found', status: 404 }, { type: 'application/problem+json' })).toEqual([]);
    expect(check(204, undefined, { type: undefined })).toEqual([]);
  });

  it('flags 5xx, undeclared statuses, bodies off their schema, and undeclared bodies or content types', () => {
    expect(check(500, { title: 'x', status: 500 })).toEqual(['5xx: answered 500']);
    expect(check(422, { title: 'x', status: 422 })[0]).toMatch(/^undeclared status 422 \(declared: 200, 204, 404\)/);
    expect(check(200, { id: '1' })[0]).toMatch(/^body does not match the 200 schema/);
    expect(check(404, { title: 'x' })[0]).toMatch(/^body does not match the 404 schema/);
    expect(check(204, { id: 1 })[0]).toMatch(/^undeclared body/);
    expect(check(200, { id: 1 }, { type: 'text/plain' })[0]).toMatch(/^undeclared content type text\/plain/);
  });

  it('flags success for a request the document rejects, and for an anonymous caller where a token is required', () => {
    expect(check(200, { id: 1 }, { invalid: 'path id=0x10' })[0]).toMatch(/^accepted invalid request/);
    expect(check(404, { title: 'x', status: 404 }, { invalid: 'path id=0x10' })[0]).toMatch(/^accepted invalid request: answered 404/);
    expect(check(422, { title: 'x', status: 422 }, { invalid: 'path id=0x10' })).toEqual(['undeclared status 422 (declared: 200, 204, 404)']);
    expect(check(200, { id: 1 }, { anonymous: true })[0]).toMatch(/^anonymous caller let through/);
  });

  it('reads wire values strictly: only plain decimals are integers', () => {
    const schema = op.parameters![0]!.schema!;
    expect(readWireValue('16', schema, tools)).toEqual([16]);
    for (const raw of ['0x10', '1e1', ' 1', '1.5', 'true', '']) expect(readWireValue(raw, schema, tools)).toEqual([]);
    expect(tools.check(schema, 0)).not.toBeNull();
    expect(tools.check(schema, 1)).toBeNull();
  });
});
