import { TestApp } from '../support/test-app';

/** The JSON of a company or lead as the read API returns it (fields the tests look at). */
export interface CompanyJson {
  id: string;
  [field: string]: unknown;
}

export interface LeadJson {
  id: string;
  company: CompanyJson | null;
  workspaces: Record<string, unknown>[];
  connections: Record<string, unknown>[];
  [field: string]: unknown;
}

/** Thin helpers over the HTTP API for one account. */
export function eventsApi(sut: TestApp, apiKey: string) {
  return {
    post: (body: unknown) =>
      sut.http
        .post('/v1/events')
        .set('x-api-key', apiKey)
        .set('content-type', 'application/json')
        .send(JSON.stringify(body)),
    get: (path: string) => sut.http.get(path).set('x-api-key', apiKey),
    /** The leads a filter finds (first page). */
    async leads(query: Record<string, string>) {
      const response = await sut.http.get('/v1/leads').query(query).set('x-api-key', apiKey);
      if (response.status !== 200) {
        throw new Error(`GET /v1/leads ${response.status}: ${JSON.stringify(response.body)}`);
      }
      return response.body.data as LeadJson[];
    },
    /** The single lead a filter finds; fails when there is not exactly one. */
    async lead(query: Record<string, string>) {
      const leads = await this.leads(query);
      if (leads.length !== 1)
        throw new Error(`expected one lead for ${JSON.stringify(query)}, got ${leads.length}`);
      return leads[0];
    },
    async companies(query: Record<string, string>) {
      const response = await sut.http.get('/v1/companies').query(query).set('x-api-key', apiKey);
      if (response.status !== 200) {
        throw new Error(`GET /v1/companies ${response.status}: ${JSON.stringify(response.body)}`);
      }
      return response.body.data as CompanyJson[];
    },
  };
}

export type EventsApi = ReturnType<typeof eventsApi>;
