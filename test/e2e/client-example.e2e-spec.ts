import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LEAD_EMAILS, run, SENDERS } from '../../examples/ingest-and-read';
import { startTestApp, TestApp } from '../support/test-app';

const ROOT = join(__dirname, '..', '..');
const SCHEMA = join(ROOT, 'examples', 'client', 'schema.d.ts');

describe('the typed client example (e2e)', () => {
  let sut: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    sut = await startTestApp();
    await sut.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(sut.app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await sut.close();
  });

  it('uses types generated from the current openapi.json (run `npm run client:generate`)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-schema-'));
    try {
      const generated = join(dir, 'schema.d.ts');
      execFileSync(
        join(ROOT, 'node_modules', '.bin', 'openapi-typescript'),
        [join(ROOT, 'openapi.json'), '-o', generated],
        { stdio: 'pipe' },
      );
      // Formatted as `npm run client:generate` does, with the project's prettier settings.
      const formatted = execFileSync(
        join(ROOT, 'node_modules', '.bin', 'prettier'),
        ['--stdin-filepath', SCHEMA],
        { input: readFileSync(generated, 'utf8'), encoding: 'utf8' },
      );
      expect(formatted).toBe(readFileSync(SCHEMA, 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ingests leads and senders, then reads them back by identifier', async () => {
    const { apiKey } = await sut.newAccount();
    const printed: string[] = [];

    const { leads, senders } = await run(baseUrl, apiKey, (line) => printed.push(line));

    expect(leads.map((l) => l.lead_email)).toEqual(LEAD_EMAILS);
    expect(leads[0]).toMatchObject({
      lead_first_name: 'Ada',
      lead_job_title: 'CTO',
      company: {
        company_domain: 'example-analytical.com',
        company_normalized_name: 'Analytical Engines',
      },
      workspaces: [expect.objectContaining({ workspace_id: 'ws-emea', tags: ['vip'] })],
    });
    expect(leads[1].connections).toEqual([{ sender: SENDERS[1], linkedin_connection_level: 2 }]);
    expect(senders.map((s) => [s.sender, s.type, s.workspace_id])).toEqual([
      [SENDERS[0], 'email', 'ws-emea'],
      [SENDERS[1], 'linkedin', null],
    ]);
    expect(senders[0]).toMatchObject({ email_domain: 'outreach-mail.example' });
    expect(printed).toEqual([
      'events: 2 of 2 applied',
      'senders: 2 of 2 applied',
      `lead ${LEAD_EMAILS[0]}: Ada at Analytical Engines`,
      `lead ${LEAD_EMAILS[1]}: Grace at no company`,
      `sender ${SENDERS[0]} (email): workspace ws-emea`,
      `sender ${SENDERS[1]} (linkedin): workspace -`,
    ]);
  });
});
