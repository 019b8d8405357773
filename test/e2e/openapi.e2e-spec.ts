import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderOpenApi } from '../../scripts/openapi';
import { startTestApp, TestApp } from '../support/test-app';

const COMMITTED = join(__dirname, '..', '..', 'openapi.json');

describe('openapi.json (e2e)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp();
  });

  afterAll(async () => {
    await sut.close();
  });

  it('is up to date with the code (run `npm run openapi` after changing the API)', async () => {
    expect(JSON.parse(await renderOpenApi())).toEqual(JSON.parse(readFileSync(COMMITTED, 'utf8')));
  });

  it('is exactly what the running service serves at /docs-json', async () => {
    const served = await sut.http.get('/docs-json').expect(200);
    expect(served.body).toEqual(JSON.parse(readFileSync(COMMITTED, 'utf8')));
  });

  it('gives every operation a summary and every response a description', () => {
    const document = JSON.parse(readFileSync(COMMITTED, 'utf8'));
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, { summary?: string; responses: object }>).map(
        ([method, operation]) => ({ name: `${method} ${path}`, operation }),
      ),
    );
    expect(operations.length).toBeGreaterThanOrEqual(14);
    expect(operations.filter((o) => !o.operation.summary).map((o) => o.name)).toEqual([]);
    const undescribed = operations.flatMap((o) =>
      Object.entries(o.operation.responses as Record<string, { description?: string }>)
        .filter(([, response]) => !response.description)
        .map(([status]) => `${o.name} ${status}`),
    );
    expect(undescribed).toEqual([]);
  });
});
