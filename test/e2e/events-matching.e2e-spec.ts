import { MAX_UPSERT_SHAPES } from '../../src/ingestion/infrastructure/sql/bulk-patch';
import { event, unique } from '../factories/event.factory';
import { eventsApi, EventsApi } from '../factories/events-api';
import { startTestApp, TestApp } from '../support/test-app';

describe('POST /v1/events: matching and upsert policy (e2e)', () => {
  let sut: TestApp;
  let api: EventsApi;

  beforeAll(async () => {
    sut = await startTestApp();
    api = eventsApi(sut, (await sut.newAccount()).apiKey);
  });

  afterAll(async () => {
    await sut.close();
  });

  const email = () => `${unique('m')}@example.com`;
  const profile = () => `https://www.linkedin.com/in/${unique('p')}`;
  const count = async (table: string) =>
    Number((await sut.dataSource.query(`SELECT count(*) AS n FROM ${table}`))[0].n);

  describe('lead priority', () => {
    it('selects the lead of the highest-priority identifier that exists', async () => {
      const [a, b] = [email(), profile()];
      await api.post(event({ lead_email: a, lead_first_name: 'ByEmail' })).expect(200);
      await api.post(event({ lead_linkedin_url: b, lead_first_name: 'ByUrl' })).expect(200);
      await api
        .post(event({ lead_email: a, lead_linkedin_url: b, lead_job_title: 'CTO' }))
        .expect(200);
      expect(await api.lead({ lead_email: a })).toMatchObject({
        lead_first_name: 'ByEmail',
        lead_job_title: 'CTO',
      });
      expect(await api.lead({ lead_linkedin_url: b })).toMatchObject({
        lead_first_name: 'ByUrl',
        lead_job_title: null,
      });
    });

    it('leaves a lower-priority identifier with the other lead, which stays untouched', async () => {
      const unified = unique('U');
      const url = profile();
      await api.post(event({ unified_lead_id: unified, lead_first_name: 'Selected' })).expect(200);
      await api
        .post(event({ lead_linkedin_url: url, lead_first_name: 'Other', lead_country: 'FR' }))
        .expect(200);
      const other = await api.lead({ lead_linkedin_url: url });
      const response = await api
        .post(event({ unified_lead_id: unified, lead_linkedin_url: url, lead_country: 'DE' }))
        .expect(200);
      expect(response.body.success).toBe(1);
      const selected = await api.lead({ unified_lead_id: unified });
      expect(selected).toMatchObject({ lead_country: 'DE', lead_linkedin_url: null });
      expect(await api.lead({ lead_linkedin_url: url })).toEqual(other);
    });

    it('creates a new lead when no identifier exists', async () => {
      const before = await count('leads');
      await api.post(event({ lead_email: email(), lead_linkedin_id: unique('li') })).expect(200);
      expect(await count('leads')).toBe(before + 1);
    });
  });

  describe('identifier accumulation', () => {
    it('attaches every new identifier so later items match by any of them', async () => {
      const [mail, url, salesNav, linkedinId] = [
        email(),
        profile(),
        `https://www.linkedin.com/sales/lead/${unique('ACw')},NAME_SEARCH,x`,
        unique('ACo'),
      ];
      await api.post(event({ lead_email: mail, lead_first_name: 'Acc' })).expect(200);
      await api.post(event({ lead_email: mail, lead_linkedin_url: url })).expect(200);
      await api
        .post(event({ lead_linkedin_url: url, lead_sales_navigator_url: salesNav }))
        .expect(200);
      await api
        .post(event({ lead_sales_navigator_url: salesNav, lead_linkedin_id: linkedinId }))
        .expect(200);
      await api.post(event({ lead_linkedin_id: linkedinId, lead_last_name: 'Last' })).expect(200);
      const lead = await api.lead({ lead_email: mail });
      expect(lead).toMatchObject({
        lead_first_name: 'Acc',
        lead_last_name: 'Last',
        lead_linkedin_url: url,
        lead_linkedin_id: linkedinId,
      });
      const queries: Record<string, string>[] = [
        { lead_linkedin_url: url },
        { lead_sales_navigator_url: salesNav },
        { lead_linkedin_id: linkedinId },
      ];
      for (const query of queries) {
        expect((await api.lead(query)).id).toBe(lead.id);
      }
    });

    it('lets a lead own several values of one kind; the display shows the latest', async () => {
      const [first, second, id] = [email(), email(), unique('U')];
      await api.post(event({ unified_lead_id: id, lead_email: first })).expect(200);
      await api.post(event({ unified_lead_id: id, lead_email: second })).expect(200);
      const lead = await api.lead({ lead_email: first });
      expect((await api.lead({ lead_email: second })).id).toBe(lead.id);
      expect(lead.lead_email).toBe(second);
    });

    it('resolves items of one batch that share an identity to one lead, in array order', async () => {
      const [mail, url] = [email(), profile()];
      const before = await count('leads');
      await api
        .post([
          event({ lead_email: mail, lead_first_name: 'First', lead_country: 'FR' }),
          event({ lead_email: mail, lead_linkedin_url: url, lead_first_name: 'Second' }),
          event({ lead_linkedin_url: url, lead_country: null, lead_job_title: 'CEO' }),
        ])
        .expect(200);
      expect(await count('leads')).toBe(before + 1);
      expect(await api.lead({ lead_linkedin_url: url })).toMatchObject({
        lead_email: mail,
        lead_first_name: 'Second',
        lead_country: null,
        lead_job_title: 'CEO',
      });
    });
  });

  it('matches variants of an email, profile URL and Sales Navigator URL to one record', async () => {
    const slug = unique('ada-');
    const memberId = unique('ACwAAA');
    await api
      .post(
        event({
          lead_email: `${slug}@Example.COM`,
          lead_linkedin_url: `http://uk.linkedin.com/in/${slug.toUpperCase()}/?trk=x#top`,
          lead_sales_navigator_url: `https://www.linkedin.com/sales/people/${memberId},NAME_SEARCH,abc`,
        }),
      )
      .expect(200);
    const lead = await api.lead({ lead_email: `  ${slug.toUpperCase()}@example.com ` });
    expect(lead.lead_email).toBe(`${slug}@example.com`);
    expect(lead.lead_linkedin_url).toBe(`https://www.linkedin.com/in/${slug}`);
    expect(lead.lead_sales_navigator_url).toBe(`https://www.linkedin.com/sales/lead/${memberId}`);
    const variants: Record<string, string>[] = [
      { lead_email: `${slug}@example.com` },
      { lead_linkedin_url: `https://m.linkedin.com/in/${slug}` },
      { lead_linkedin_url: `linkedin.com/in/${slug}/details/experience/` },
      { lead_sales_navigator_url: `https://linkedin.com/sales/lead/${memberId},OUT_OF_NETWORK` },
    ];
    for (const variant of variants) {
      expect((await api.lead(variant)).id).toBe(lead.id);
    }
    const before = await count('leads');
    await api
      .post(
        event({
          lead_linkedin_url: `https://www.linkedin.com/in/${slug}/`,
          lead_first_name: 'Variant',
        }),
      )
      .expect(200);
    expect(await count('leads')).toBe(before);
    expect((await api.lead({ lead_email: `${slug}@example.com` })).lead_first_name).toBe('Variant');
  });

  it('treats "" as not sent and null as clear; unsent fields are untouched', async () => {
    const mail = email();
    await api
      .post(
        event({
          lead_email: mail,
          lead_first_name: 'Ada',
          lead_last_name: 'Lovelace',
          lead_country: 'UK',
          platform: 'clay',
        }),
      )
      .expect(200);
    await api
      .post(
        event({
          lead_email: mail,
          lead_first_name: '',
          lead_last_name: null,
          lead_job_title: '  ',
        }),
      )
      .expect(200);
    expect(await api.lead({ lead_email: mail })).toMatchObject({
      lead_first_name: 'Ada',
      lead_last_name: null,
      lead_country: 'UK',
      lead_job_title: null,
      platform: 'clay',
    });
  });

  // A batch is written with one upsert per set of sent fields, or by the insert-then-patch path
  // when it has more than MAX_UPSERT_SHAPES of them: both must apply the same policy.
  describe.each([
    ['few field shapes (upserts)', 2],
    ['many field shapes (insert, then patch)', MAX_UPSERT_SHAPES + 3],
  ])('a batch with %s', (_label, shapes) => {
    // Three fields of each table; the read API names them as sent.
    const FIELDS = [
      ['lead', 'lead_first_name'],
      ['lead', 'lead_job_title'],
      ['lead', 'lead_country'],
      ['workspace', 'icp'],
      ['workspace', 'list_source'],
      ['workspace', 'lead_status'],
      ['company', 'company_country'],
      ['company', 'company_employee_range'],
      ['company', 'company_description'],
    ] as const;
    // Shape n sends the k-th field of every table when bit k of (3n + 1) mod 8 is set: shapes
    // 0..6 are seven different field sets in each table. Some values are sent as null.
    const sent = (n: number): Record<string, string | null> =>
      Object.fromEntries(
        FIELDS.flatMap(([, field], f) =>
          (((3 * n + 1) % 8) >> (f % 3)) & 1
            ? [[field, (n + f) % 2 === 0 ? null : `${field}-${n}`]]
            : [],
        ),
      );

    it('sets sent values, clears sent nulls and keeps unsent fields, on new and existing rows', async () => {
      const ws = unique('ws');
      const rows = Array.from({ length: shapes * 2 }, (_, i) => ({
        mail: email(),
        domain: `${unique('shape')}.com`,
        existing: i % 2 === 0,
        shape: Math.floor(i / 2),
      }));
      const stored = Object.fromEntries(FIELDS.map(([, field]) => [field, `stored ${field}`]));
      const identity = (row: (typeof rows)[number]) => ({
        lead_email: row.mail,
        company_domain: row.domain,
        workspace_id: ws,
      });
      await api
        .post(
          rows.filter((row) => row.existing).map((row) => event({ ...identity(row), ...stored })),
        )
        .expect(200);

      const response = await api
        .post(rows.map((row) => event({ ...identity(row), ...sent(row.shape) })))
        .expect(200);
      expect(response.body).toMatchObject({ success: rows.length, errors: { count: 0 } });

      expect(new Set(rows.map((row) => JSON.stringify(Object.keys(sent(row.shape))))).size).toBe(
        shapes,
      );
      for (const row of rows) {
        const expected = { ...(row.existing ? stored : {}), ...sent(row.shape) };
        const lead = await api.lead({ lead_email: row.mail });
        const holder = { lead, workspace: lead.workspaces[0], company: lead.company };
        expect(
          Object.fromEntries(FIELDS.map(([table, field]) => [field, holder[table]?.[field]])),
        ).toEqual(Object.fromEntries(FIELDS.map(([, field]) => [field, expected[field] ?? null])));
      }
    });
  });

  it('stores workspace attributes per (workspace, lead)', async () => {
    const mail = email();
    const [ws1, ws2] = [unique('ws'), unique('ws')];
    await api
      .post(
        event({
          lead_email: mail,
          workspace_id: ws1,
          import_name: 'March',
          list_source: 'Clay',
          icp: 'tier 1',
          tags: 'vip, q3',
          lead_status: 'new',
        }),
      )
      .expect(200);
    await api
      .post(event({ lead_email: mail, workspace_id: ws2, exclusion_reason: 'competitor' }))
      .expect(200);
    await api
      .post(
        event({ lead_email: mail, workspace_id: ws1, icp: null, tags: ['q4'], lead_status: '' }),
      )
      .expect(200);
    const lead = await api.lead({ lead_email: mail });
    expect(lead.workspaces).toEqual(
      [
        {
          workspace_id: ws1,
          import_name: 'March',
          list_source: 'Clay',
          exclusion_reason: null,
          icp: null,
          tags: ['q4'],
          lead_status: 'new',
        },
        {
          workspace_id: ws2,
          import_name: null,
          list_source: null,
          exclusion_reason: 'competitor',
          icp: null,
          tags: null,
          lead_status: null,
        },
      ].sort((a, b) => a.workspace_id.localeCompare(b.workspace_id)),
    );
    expect((await api.leads({ workspace_id: ws2 })).map((l) => l.id)).toEqual([lead.id]);
  });

  it('keeps one connection level per (sender, lead): the last write wins', async () => {
    const mail = email();
    const [rep1, rep2] = [profile(), profile()];
    await api
      .post(event({ lead_email: mail, sender: rep1, linkedin_connection_level: '3' }))
      .expect(200);
    await api
      .post(
        event({
          lead_email: mail,
          sender: `${rep2.replace('https://www.', 'http://')}/`,
          linkedin_connection_level: 2,
        }),
      )
      .expect(200);
    await api
      .post([
        event({ lead_email: mail, sender: rep1, linkedin_connection_level: '2' }),
        event({
          lead_email: mail,
          sender: rep1
            .toUpperCase()
            .replace('HTTPS://WWW.LINKEDIN.COM/IN/', 'https://linkedin.com/in/'),
          linkedin_connection_level: '1',
        }),
      ])
      .expect(200);
    const lead = await api.lead({ lead_email: mail });
    expect(lead.connections).toEqual(
      [
        { sender: rep1, linkedin_connection_level: 1 },
        { sender: rep2, linkedin_connection_level: 2 },
      ].sort((a, b) => a.sender.localeCompare(b.sender)),
    );
  });
});
