import { event, leadEvent, unique } from '../factories/event.factory';
import { eventsApi, EventsApi } from '../factories/events-api';
import { startTestApp, TestApp } from '../support/test-app';

const WORKSPACE_MESSAGE =
  'workspace_id is required if any of import_name, list_source, exclusion_reason, icp is present';

describe('POST /v1/events: validation and status codes (e2e)', () => {
  let sut: TestApp;
  let api: EventsApi;

  beforeAll(async () => {
    sut = await startTestApp();
    api = eventsApi(sut, (await sut.newAccount()).apiKey);
  });

  afterAll(async () => {
    await sut.close();
  });

  it('answers 200 with the SPEC summary for one valid object', async () => {
    const response = await api.post(leadEvent({ lead_first_name: 'Ada' })).expect(200);
    expect(response.body).toEqual({ success: 1, total: 1, errors: { count: 0, details: [] } });
  });

  it('answers 422 for one invalid object, with the exact workspace message', async () => {
    const response = await api.post(leadEvent({ icp: 'tier 1' })).expect(422);
    expect(response.body).toEqual({
      success: 0,
      total: 1,
      errors: {
        count: 1,
        details: [{ index: 0, error: [{ msg: WORKSPACE_MESSAGE, type: 'value_error' }] }],
      },
    });
  });

  it('reports every failing element of a mixed array at its index and applies the others', async () => {
    const goodEmail = `${unique('good')}@example.com`;
    const body = [
      event({ lead_email: goodEmail, lead_first_name: 'Good' }),
      5,
      null,
      'update_attributes',
      [event({ lead_email: 'a@b.com' })],
      { lead_email: 'x@example.com' },
      event({ lead_email: 'x@example.com', event: 'create' }),
      event({ lead_first_name: 'No identifier' }),
      leadEvent({ list_source: 'Clay', import_name: 'March' }),
      event({ lead_email: 'not-an-email' }),
      event({ lead_linkedin_url: 'https://example.com/in/ada' }),
      leadEvent({ sender: 'https://www.linkedin.com/in/rep', linkedin_connection_level: 4 }),
      leadEvent({ linkedin_connection_level: 2 }),
      event({ company_domain: 'acme.com', lead_first_name: 'Ada' }),
      leadEvent({ lead_first_name: 42 }),
      leadEvent({ lead_first_name: 'a\u0000b' }),
      leadEvent({ lead_job_title: 'x'.repeat(1001) }),
      leadEvent({ workspace_id: 'ws', tags: 5 }),
      event({ lead_email: `${unique('good')}@example.com` }),
    ];
    const response = await api.post(body).expect(207);
    expect(response.body.success).toBe(2);
    expect(response.body.total).toBe(body.length);
    expect(response.body.errors.count).toBe(body.length - 2);
    const byIndex = Object.fromEntries(
      response.body.errors.details.map((d: { index: number; error: unknown[] }) => [
        d.index,
        d.error,
      ]),
    );
    expect(Object.keys(byIndex).map(Number)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
    ]);
    const objectError = [{ msg: 'item must be a JSON object', type: 'type_error' }];
    expect(byIndex[1]).toEqual(objectError);
    expect(byIndex[2]).toEqual(objectError);
    expect(byIndex[3]).toEqual(objectError);
    expect(byIndex[4]).toEqual(objectError);
    expect(byIndex[5]).toEqual([{ msg: 'event is required', type: 'missing' }]);
    expect(byIndex[6]).toEqual([{ msg: "event must be 'update_attributes'", type: 'value_error' }]);
    expect(byIndex[7]).toContainEqual(
      expect.objectContaining({
        type: 'missing',
        msg: expect.stringMatching(/^at least one lead identifier/),
      }),
    );
    expect(byIndex[8]).toEqual([{ msg: WORKSPACE_MESSAGE, type: 'value_error' }]);
    expect(byIndex[9]).toEqual([
      { msg: 'lead_email is not a valid email address', type: 'value_error' },
    ]);
    expect(byIndex[10]).toEqual([
      {
        msg: expect.stringMatching(/^lead_linkedin_url is not a LinkedIn profile URL/),
        type: 'value_error',
      },
    ]);
    expect(byIndex[11]).toEqual([
      {
        msg: expect.stringMatching(/^linkedin_connection_level must be 1, 2 or 3/),
        type: 'value_error',
      },
    ]);
    expect(byIndex[12]).toEqual([
      { msg: 'sender is required when linkedin_connection_level is present', type: 'value_error' },
    ]);
    expect(byIndex[13]).toEqual([
      {
        msg: expect.stringMatching(/^lead_first_name requires a lead identifier/),
        type: 'value_error',
      },
    ]);
    expect(byIndex[14]).toEqual([{ msg: 'lead_first_name must be a string', type: 'type_error' }]);
    expect(byIndex[15]).toEqual([
      { msg: 'lead_first_name must not contain NUL characters', type: 'value_error' },
    ]);
    expect(byIndex[16]).toEqual([
      { msg: 'lead_job_title must be at most 1000 characters', type: 'value_error' },
    ]);
    expect(byIndex[17]).toEqual([
      { msg: expect.stringMatching(/^tags must be/), type: 'type_error' },
    ]);
    expect(await api.lead({ lead_email: goodEmail })).toMatchObject({ lead_first_name: 'Good' });
  });

  it('lists every problem of one item', async () => {
    const response = await api
      .post([event({ event: 'nope', lead_email: 'bad', icp: 'x', company_employee_count: 'many' })])
      .expect(422);
    expect(response.body.errors.details).toHaveLength(1);
    expect(response.body.errors.details[0].error.length).toBeGreaterThanOrEqual(4);
  });

  it('answers 422 when every element fails and writes nothing', async () => {
    const email = `${unique('none')}@example.com`;
    const response = await api.post([event({ lead_email: email, icp: 'x' }), 7]).expect(422);
    expect(response.body).toMatchObject({ success: 0, total: 2, errors: { count: 2 } });
    expect(await api.leads({ lead_email: email })).toEqual([]);
  });

  it('ignores unknown fields', async () => {
    const email = `${unique('unknown')}@example.com`;
    await api
      .post(event({ lead_email: email, favourite_colour: { nested: true }, id: 5 }))
      .expect(200);
    expect(await api.leads({ lead_email: email })).toHaveLength(1);
  });

  it('accepts an empty array as an empty batch', async () => {
    const response = await api.post([]).expect(200);
    expect(response.body).toEqual({ success: 0, total: 0, errors: { count: 0, details: [] } });
  });

  it('answers 400 for malformed JSON and for a body that is neither object nor array', async () => {
    const malformed = await api.post(undefined).send('{"event": ').expect(400);
    expect(Object.keys(malformed.body)).toEqual(['error']);
    const scalar = await api.post('"update_attributes"').expect(400);
    expect(Object.keys(scalar.body)).toEqual(['error']);
    const number = await api.post(42).expect(400);
    expect(number.body.error).toMatch(/JSON/);
  });

  it('answers 401 with a single error field for a bad key', async () => {
    const response = await sut.http
      .post('/v1/events')
      .set('x-api-key', 'oik_' + 'B'.repeat(43))
      .send(leadEvent())
      .expect(401);
    expect(Object.keys(response.body)).toEqual(['error']);
  });
});

describe('POST /v1/events: batch limit (e2e)', () => {
  let sut: TestApp;
  let api: EventsApi;

  beforeAll(async () => {
    sut = await startTestApp({ MAX_BATCH_ITEMS: '5' });
    api = eventsApi(sut, (await sut.newAccount()).apiKey);
  });

  afterAll(async () => {
    await sut.close();
  });

  it('accepts MAX_BATCH_ITEMS items', async () => {
    await api.post(Array.from({ length: 5 }, () => leadEvent())).expect(200);
  });

  it('answers 413 naming the limit for MAX_BATCH_ITEMS + 1 items, writing nothing', async () => {
    const email = `${unique('over')}@example.com`;
    const body = [event({ lead_email: email }), ...Array.from({ length: 5 }, () => leadEvent())];
    const response = await api.post(body).expect(413);
    expect(Object.keys(response.body)).toEqual(['error']);
    expect(response.body.error).toMatch(/5 items/);
    expect(response.body.error).toMatch(/MAX_BATCH_ITEMS/);
    expect(await api.leads({ lead_email: email })).toEqual([]);
  });
});

describe('POST /v1/events: body size limit (e2e)', () => {
  let sut: TestApp;
  let api: EventsApi;

  beforeAll(async () => {
    sut = await startTestApp({ MAX_BODY_BYTES: '1kb' });
    api = eventsApi(sut, (await sut.newAccount()).apiKey);
  });

  afterAll(async () => {
    await sut.close();
  });

  it('answers 413 naming the byte limit', async () => {
    const response = await api
      .post(leadEvent({ company_description: 'x'.repeat(2000) }))
      .expect(413);
    expect(response.body.error).toMatch(/1024 bytes/);
  });
});
