import { event, unique } from '../factories/event.factory';
import { eventsApi, EventsApi } from '../factories/events-api';
import { startTestApp, TestApp } from '../support/test-app';

describe('POST /v1/events: companies (e2e)', () => {
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

  it('matches variants of domain and LinkedIn URL and links the lead', async () => {
    const name = unique('acme');
    const mail = email();
    await api
      .post(
        event({
          lead_email: mail,
          company_domain: `https://www.${name}.com/about?x=1`,
          company_name: 'Acme Holdings GmbH & Co. KG',
        }),
      )
      .expect(200);
    await api
      .post(
        event({
          company_domain: `${name.toUpperCase()}.com.`,
          company_linkedin_url: `linkedin.com/company/${name}/about/`,
          company_employee_count: '1200',
        }),
      )
      .expect(200);
    const [company] = await api.companies({ company_domain: `www.${name}.com` });
    expect(company).toMatchObject({
      company_domain: `${name}.com`,
      company_linkedin_url: `https://www.linkedin.com/company/${name}`,
      company_name: 'Acme Holdings GmbH & Co. KG',
      company_normalized_name: 'Acme Holdings',
      company_employee_count: 1200,
    });
    expect(
      (await api.companies({ company_linkedin_url: `https://linkedin.com/company/${name}` }))[0].id,
    ).toBe(company.id);
    const lead = await api.lead({ lead_email: mail });
    expect(lead.company).toEqual(company);
  });

  it('keeps an override of the normalised name and industry against later names', async () => {
    const domain = `${unique('ovr')}.com`;
    await api
      .post(
        event({
          company_domain: domain,
          company_name: 'Foo Inc',
          company_industry: 'information technology and services',
        }),
      )
      .expect(200);
    let [company] = await api.companies({ company_domain: domain });
    expect(company).toMatchObject({
      company_normalized_name: 'Foo',
      company_normalized_industry: 'Information Technology & Services',
    });
    await api
      .post(
        event({
          company_domain: domain,
          company_normalized_name: 'FOO Group',
          company_normalized_industry: 'Software',
        }),
      )
      .expect(200);
    await api
      .post(
        event({
          company_domain: domain,
          company_name: 'Foo Corporation',
          company_industry: 'computer software',
        }),
      )
      .expect(200);
    [company] = await api.companies({ company_domain: domain });
    expect(company).toMatchObject({
      company_name: 'Foo Corporation',
      company_normalized_name: 'FOO Group',
      company_normalized_industry: 'Software',
    });
    await api.post(event({ company_domain: domain, company_normalized_name: null })).expect(200);
    await api.post(event({ company_domain: domain, company_name: 'Bar Ltd' })).expect(200);
    [company] = await api.companies({ company_domain: domain });
    expect(company).toMatchObject({
      company_normalized_name: 'Bar',
      company_normalized_industry: 'Software',
    });
  });

  it('applies an override sent earlier in the same batch', async () => {
    const domain = `${unique('batch')}.com`;
    await api
      .post([
        event({ company_domain: domain, company_normalized_name: 'Chosen' }),
        event({ company_domain: domain, company_name: 'Derived Inc' }),
      ])
      .expect(200);
    expect((await api.companies({ company_domain: domain }))[0]).toMatchObject({
      company_name: 'Derived Inc',
      company_normalized_name: 'Chosen',
    });
  });

  it('applies company priority and leaves a lower-priority company untouched', async () => {
    const [unified, domain] = [unique('C'), `${unique('low')}.com`];
    await api.post(event({ unified_company_id: unified, company_name: 'High' })).expect(200);
    await api.post(event({ company_domain: domain, company_name: 'Low' })).expect(200);
    await api
      .post(event({ unified_company_id: unified, company_domain: domain, company_country: 'FR' }))
      .expect(200);
    expect((await api.companies({ unified_company_id: unified }))[0]).toMatchObject({
      company_name: 'High',
      company_country: 'FR',
      company_domain: null,
    });
    expect((await api.companies({ company_domain: domain }))[0]).toMatchObject({
      company_name: 'Low',
      company_country: null,
    });
  });
});
