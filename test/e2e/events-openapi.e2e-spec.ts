import { EVENT_FIELD_MAX_LENGTHS } from '../../src/ingestion/domain/event-fields';
import { startTestApp, TestApp } from '../support/test-app';

describe('OpenAPI document of POST /v1/events (e2e)', () => {
  let sut: TestApp;
  // The document is checked as plain JSON; the OpenAPI types would only add narrowing noise here.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  let document: {
    paths: Record<string, Record<string, any>>;
    components: { schemas: Record<string, any> };
  };
  /* eslint-enable @typescript-eslint/no-explicit-any */

  beforeAll(async () => {
    sut = await startTestApp();
    document = (await sut.http.get('/docs-json').expect(200)).body;
  });

  afterAll(async () => {
    await sut.close();
  });

  it('takes one object or an array of objects, with examples of both', () => {
    const body = document.paths['/v1/events'].post.requestBody.content['application/json'];
    expect(body.schema.oneOf).toEqual([
      { $ref: '#/components/schemas/EventItemDto' },
      { type: 'array', items: { $ref: '#/components/schemas/EventItemDto' } },
    ]);
    expect(Object.keys(body.examples)).toEqual(['single', 'batch']);
  });

  it('documents every field with a description and an example, and every limit', () => {
    const properties = document.components.schemas.EventItemDto.properties;
    for (const [field, max] of Object.entries(EVENT_FIELD_MAX_LENGTHS)) {
      expect([field, properties[field]?.maxLength]).toEqual([field, max]);
    }
    for (const [field, schema] of Object.entries<Record<string, unknown>>(properties)) {
      expect([field, typeof schema.description]).toEqual([field, 'string']);
      expect([field, schema.example]).not.toEqual([field, undefined]);
    }
  });

  it('documents the rules and every response', () => {
    const operation = document.paths['/v1/events'].post;
    expect(operation.description).toMatch(
      /unified_lead_id, lead_email,\s+lead_linkedin_url, lead_sales_navigator_url, lead_linkedin_id/,
    );
    expect(operation.description).toMatch(/stays with that lead/);
    expect(operation.description).toMatch(/Unknown fields are ignored/);
    expect(Object.keys(operation.responses).sort()).toEqual([
      '200',
      '207',
      '400',
      '401',
      '413',
      '422',
      '429',
    ]);
  });

  it('documents the read routes', () => {
    for (const path of ['/v1/leads', '/v1/leads/{id}', '/v1/companies', '/v1/companies/{id}']) {
      expect(document.paths[path]?.get).toBeDefined();
    }
  });
});
