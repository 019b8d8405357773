import { randomUUID } from 'node:crypto';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Route by route: an id or identifier of another account must behave exactly like one that does
 * not exist at all — same status, same body.
 */
describe('tenant isolation of every route (e2e)', () => {
  let sut: TestApp;
  let owner: string;
  let stranger: string;
  const ids: Record<'lead' | 'company' | 'sender', string> = { lead: '', company: '', sender: '' };

  const lead = {
    event: 'update_attributes',
    unified_lead_id: 'crm-4242',
    lead_email: 'owner.lead@acme.com',
    lead_linkedin_url: 'https://www.linkedin.com/in/owner-lead',
    lead_sales_navigator_url: 'https://www.linkedin.com/sales/lead/ACwAAAOwnerLead,NAME_SEARCH',
    lead_linkedin_id: 'ACoAAOwnerLead',
    lead_first_name: 'Owen',
    unified_company_id: 'crm-co-77',
    company_domain: 'acme.com',
    company_linkedin_url: 'https://www.linkedin.com/company/acme',
    workspace_id: 'ws-owner',
    icp: 'tier 1',
    sender: 'https://www.linkedin.com/in/owner-sdr',
    linkedin_connection_level: 1,
  };

  beforeAll(async () => {
    sut = await startTestApp();
    ({ apiKey: owner } = await sut.newAccount('owner'));
    ({ apiKey: stranger } = await sut.newAccount('stranger'));
    await sut.http.post('/v1/events').set('x-api-key', owner).send(lead).expect(200);
    await sut.http
      .post('/v1/senders')
      .set('x-api-key', owner)
      .send({
        sender: 'owner.sdr@acme.com',
        workspace_id: 'ws-owner',
        email_reseller: 'premium_inboxes',
      })
      .expect(200);
    const leads = await sut.http
      .get('/v1/leads')
      .query({ lead_email: lead.lead_email })
      .set('x-api-key', owner);
    ids.lead = leads.body.data[0].id;
    ids.company = leads.body.data[0].company.id;
    const senders = await sut.http
      .get('/v1/senders')
      .query({ sender: 'owner.sdr@acme.com' })
      .set('x-api-key', owner);
    ids.sender = senders.body.data[0].id;
  });

  afterAll(async () => {
    await sut.close();
  });

  type Call = (key: string, id: string) => ReturnType<TestApp['http']['get']>;
  const byId: [string, 'lead' | 'company' | 'sender', Call][] = [
    [
      'GET /v1/leads/{id}',
      'lead',
      (key, id) => sut.http.get(`/v1/leads/${id}`).set('x-api-key', key),
    ],
    [
      'GET /v1/companies/{id}',
      'company',
      (key, id) => sut.http.get(`/v1/companies/${id}`).set('x-api-key', key),
    ],
    [
      'GET /v1/senders/{id}',
      'sender',
      (key, id) => sut.http.get(`/v1/senders/${id}`).set('x-api-key', key),
    ],
    [
      'PATCH /v1/senders/{id}',
      'sender',
      (key, id) =>
        sut.http
          .patch(`/v1/senders/${id}`)
          .set('x-api-key', key)
          .send({ workspace_id: 'ws-owner', sender_name: 'Patched' }),
    ],
  ];

  it.each(byId)('%s: another account’s id answers like a missing one', async (_, kind, call) => {
    const own = await call(owner, ids[kind]);
    expect(own.status).toBe(200);
    const foreign = await call(stranger, ids[kind]);
    const missing = await call(stranger, randomUUID());
    expect(foreign.status).toBe(404);
    expect({ status: foreign.status, body: foreign.body }).toEqual({
      status: missing.status,
      body: missing.body,
    });
  });

  const filters: [string, Record<string, string>][] = [
    ['/v1/leads', { unified_lead_id: lead.unified_lead_id }],
    ['/v1/leads', { lead_email: lead.lead_email }],
    ['/v1/leads', { lead_linkedin_url: lead.lead_linkedin_url }],
    ['/v1/leads', { lead_sales_navigator_url: lead.lead_sales_navigator_url }],
    ['/v1/leads', { lead_linkedin_id: lead.lead_linkedin_id }],
    ['/v1/leads', { workspace_id: lead.workspace_id }],
    ['/v1/leads', {}],
    ['/v1/companies', { unified_company_id: lead.unified_company_id }],
    ['/v1/companies', { company_domain: lead.company_domain }],
    ['/v1/companies', { company_linkedin_url: lead.company_linkedin_url }],
    ['/v1/companies', {}],
    ['/v1/senders', { sender: 'owner.sdr@acme.com' }],
    ['/v1/senders', { workspace_id: 'ws-owner' }],
    ['/v1/senders', { type: 'email' }],
    ['/v1/senders', {}],
  ];

  it.each(filters)(
    'GET %s?%j: the owner finds it, another account gets an empty list',
    async (path, query) => {
      const own = await sut.http.get(path).query(query).set('x-api-key', owner).expect(200);
      expect(own.body.data.length).toBeGreaterThan(0);
      const foreign = await sut.http.get(path).query(query).set('x-api-key', stranger).expect(200);
      expect(foreign.body).toEqual({ data: [], next_cursor: null });
    },
  );

  it.each(['email_reseller', 'workspace_id', 'type', 'email_domain', 'email_server'])(
    'GET /v1/senders/summary?group_by=%s counts only the caller’s senders',
    async (groupBy) => {
      const own = await sut.http
        .get('/v1/senders/summary')
        .query({ group_by: groupBy })
        .set('x-api-key', owner)
        .expect(200);
      expect(own.body.total).toBe(1);
      const foreign = await sut.http
        .get('/v1/senders/summary')
        .query({ group_by: groupBy })
        .set('x-api-key', stranger)
        .expect(200);
      expect(foreign.body.total).toBe(0);
      expect(foreign.body.data).toEqual([]);
    },
  );

  it('POST /v1/events with another account’s identifiers creates a separate lead and leaves theirs untouched', async () => {
    await sut.http
      .post('/v1/events')
      .set('x-api-key', stranger)
      .send({
        ...lead,
        lead_first_name: 'Mallory',
        workspace_id: 'ws-owner',
        icp: 'stolen',
        linkedin_connection_level: 3,
      })
      .expect(200);
    const theirs = await sut.http.get(`/v1/leads/${ids.lead}`).set('x-api-key', owner).expect(200);
    expect(theirs.body).toMatchObject({ lead_first_name: 'Owen' });
    expect(theirs.body.workspaces).toEqual([
      expect.objectContaining({ workspace_id: 'ws-owner', icp: 'tier 1' }),
    ]);
    expect(theirs.body.connections).toEqual([
      expect.objectContaining({ linkedin_connection_level: 1 }),
    ]);
    const mine = await sut.http
      .get('/v1/leads')
      .query({ lead_email: lead.lead_email })
      .set('x-api-key', stranger)
      .expect(200);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0].id).not.toBe(ids.lead);
    expect(mine.body.data[0].company.id).not.toBe(ids.company);
  });

  it('POST /v1/senders with another account’s sender creates the stranger’s own sender', async () => {
    const created = await sut.http
      .post('/v1/senders')
      .set('x-api-key', stranger)
      .send({ sender: 'owner.sdr@acme.com', email_reseller: 'cheap_inboxes' })
      .expect(200);
    expect(created.body.breakdown).toEqual({ created: 1, updated: 0, total: 1 });
    const theirs = await sut.http
      .get(`/v1/senders/${ids.sender}`)
      .set('x-api-key', owner)
      .expect(200);
    expect(theirs.body).toMatchObject({
      email_reseller: 'premium_inboxes',
      workspace_id: 'ws-owner',
    });
  });

  it('GET /v1/account names the caller’s own account', async () => {
    const own = await sut.http.get('/v1/account').set('x-api-key', owner).expect(200);
    const foreign = await sut.http.get('/v1/account').set('x-api-key', stranger).expect(200);
    expect(own.body.name).toBe('owner');
    expect(foreign.body.name).toBe('stranger');
  });
});
