import { event, unique } from '../factories/event.factory';
import { eventsApi, EventsApi } from '../factories/events-api';
import { startTestApp, TestApp } from '../support/test-app';

describe('GET /v1/leads and /v1/companies: read-back and tenant isolation (e2e)', () => {
  let sut: TestApp;
  let mine: EventsApi;
  let theirs: EventsApi;
  const email = `${unique('reader')}@example.com`;
  const domain = `${unique('readco')}.com`;
  const workspace = unique('ws-read');
  let leadId: string;
  let companyId: string;

  beforeAll(async () => {
    sut = await startTestApp();
    mine = eventsApi(sut, (await sut.newAccount()).apiKey);
    theirs = eventsApi(sut, (await sut.newAccount()).apiKey);
    await mine
      .post(
        event({
          lead_email: email,
          unified_lead_id: 'U-1',
          lead_first_name: 'Ada',
          company_domain: domain,
          company_name: 'Read Works LLC',
          workspace_id: workspace,
          lead_status: 'new',
          sender: 'https://www.linkedin.com/in/rep',
          linkedin_connection_level: 1,
        }),
      )
      .expect(200);
    const lead = await mine.lead({ lead_email: email });
    leadId = lead.id;
    if (!lead.company) throw new Error('the lead was not linked to its company');
    companyId = lead.company.id;
  });

  afterAll(async () => {
    await sut.close();
  });

  it('returns a lead with its company, workspaces and connections', async () => {
    const response = await mine.get(`/v1/leads/${leadId}`).expect(200);
    expect(response.body).toEqual({
      id: leadId,
      unified_lead_id: 'U-1',
      lead_email: email,
      lead_linkedin_url: null,
      lead_sales_navigator_url: null,
      lead_linkedin_id: null,
      lead_first_name: 'Ada',
      lead_last_name: null,
      lead_full_name: null,
      lead_country: null,
      lead_job_title: null,
      lead_seniority: null,
      lead_function: null,
      lead_linkedin_headline: null,
      lead_reporting_location: null,
      platform: null,
      company: expect.objectContaining({
        id: companyId,
        company_domain: domain,
        company_normalized_name: 'Read Works',
      }),
      workspaces: [
        {
          workspace_id: workspace,
          import_name: null,
          list_source: null,
          exclusion_reason: null,
          icp: null,
          tags: null,
          lead_status: 'new',
        },
      ],
      connections: [{ sender: 'https://www.linkedin.com/in/rep', linkedin_connection_level: 1 }],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('returns a company by id and by any variant of its identifiers', async () => {
    const response = await mine.get(`/v1/companies/${companyId}`).expect(200);
    expect(response.body).toMatchObject({
      id: companyId,
      company_name: 'Read Works LLC',
      company_normalized_name: 'Read Works',
    });
    expect(
      (await mine.companies({ company_domain: `HTTPS://WWW.${domain.toUpperCase()}/x` })).map(
        (c) => c.id,
      ),
    ).toEqual([companyId]);
  });

  it('answers 404 with {error} for an unknown id and 400 for a malformed one', async () => {
    const missing = await mine.get('/v1/leads/7d3a2d8e-3c55-4c1e-9f57-0d0c9f1b2a11').expect(404);
    expect(Object.keys(missing.body)).toEqual(['error']);
    await mine.get('/v1/companies/7d3a2d8e-3c55-4c1e-9f57-0d0c9f1b2a11').expect(404);
    await mine.get('/v1/leads/not-a-uuid').expect(400);
  });

  it("never shows one account another account's leads or companies", async () => {
    const lead = await theirs.get(`/v1/leads/${leadId}`).expect(404);
    expect(Object.keys(lead.body)).toEqual(['error']);
    await theirs.get(`/v1/companies/${companyId}`).expect(404);
    for (const query of [
      { lead_email: email },
      { unified_lead_id: 'U-1' },
      { workspace_id: workspace },
      {},
    ] as Record<string, string>[]) {
      expect(await theirs.leads(query)).toEqual([]);
    }
    expect(await theirs.companies({ company_domain: domain })).toEqual([]);
    expect(await theirs.companies({})).toEqual([]);
  });

  it('keeps identities per account: the same email makes a separate lead in another account', async () => {
    await theirs.post(event({ lead_email: email, lead_first_name: 'Other' })).expect(200);
    expect((await theirs.lead({ lead_email: email })).id).not.toBe(leadId);
    expect((await mine.lead({ lead_email: email })).lead_first_name).toBe('Ada');
  });

  it('pages through a workspace with an opaque cursor', async () => {
    const ws = unique('ws-page');
    await mine
      .post(
        Array.from({ length: 7 }, (_, i) =>
          event({ lead_email: `${ws}-${i}@example.com`, workspace_id: ws }),
        ),
      )
      .expect(200);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string> = {
        workspace_id: ws,
        limit: '3',
        ...(cursor ? { cursor } : {}),
      };
      const response = await mine.get('/v1/leads').query(query).expect(200);
      seen.push(...response.body.data.map((lead: { id: string }) => lead.id));
      cursor = response.body.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(7);
  });

  it('rejects bad list parameters with 400', async () => {
    for (const query of [
      { limit: '0' },
      { limit: '501' },
      { limit: 'ten' },
      { cursor: 'garbage' },
      { lead_email: 'not-an-email' },
      { lead_email: email, unified_lead_id: 'U-1' },
    ] as Record<string, string>[]) {
      const response = await mine.get('/v1/leads').query(query);
      expect([query, response.status]).toEqual([query, 400]);
      expect(Object.keys(response.body)).toEqual(['error']);
    }
  });
});
