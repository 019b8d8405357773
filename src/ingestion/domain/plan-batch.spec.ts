import { EventItem } from './parse-event-item';
import { planBatch } from './plan-batch';

function ids() {
  let n = 0;
  return () => `00000000-0000-0000-0000-${String(++n).padStart(12, '0')}`;
}
const NEW_1 = '00000000-0000-0000-0000-000000000001';
const NEW_2 = '00000000-0000-0000-0000-000000000002';
const none = { leads: [], companies: [] };

describe('planBatch', () => {
  it('folds items of one new lead into one insert, claims and change, in array order', () => {
    const items: EventItem[] = [
      {
        platform: 'clay',
        lead: {
          ids: { email: 'a@x.com' },
          attributes: { lead_first_name: 'A', lead_country: 'FR' },
        },
      },
      {
        lead: {
          ids: { email: 'a@x.com', linkedinUrl: 'https://www.linkedin.com/in/a' },
          attributes: { lead_country: null },
        },
      },
    ];
    const plan = planBatch(items, none, ids());
    expect(plan.newLeadIds).toEqual([NEW_1]);
    expect(plan.leadClaims).toEqual([
      { kind: 'lead_email', value: 'a@x.com', entityId: NEW_1 },
      { kind: 'lead_linkedin_url', value: 'https://www.linkedin.com/in/a', entityId: NEW_1 },
    ]);
    expect(plan.leads).toEqual([
      {
        id: NEW_1,
        fields: new Map<string, unknown>([
          ['lead_first_name', 'A'],
          ['lead_country', null],
          ['lead_email', 'a@x.com'],
          ['platform', 'clay'],
          ['lead_linkedin_url', 'https://www.linkedin.com/in/a'],
        ]),
      },
    ]);
  });

  it('matches existing leads by priority and does not touch the owner of a lower identifier', () => {
    const existing = {
      leads: [
        { kind: 'unified_lead_id' as const, value: 'U1', entityId: 'lead-u' },
        { kind: 'lead_email' as const, value: 'b@x.com', entityId: 'lead-b' },
      ],
      companies: [],
    };
    const plan = planBatch(
      [
        {
          lead: {
            ids: { unifiedLeadId: 'U1', email: 'b@x.com', linkedinId: 'L' },
            attributes: { lead_job_title: 'CTO' },
          },
        },
      ],
      existing,
      ids(),
    );
    expect(plan.newLeadIds).toEqual([]);
    expect(plan.leadClaims).toEqual([{ kind: 'lead_linkedin_id', value: 'L', entityId: 'lead-u' }]);
    expect(plan.leads.map((l) => l.id)).toEqual(['lead-u']);
    expect(plan.leads[0].fields.get('lead_email')).toBeUndefined();
  });

  it('links the lead to the company of the same item and keeps the last connection per sender', () => {
    const plan = planBatch(
      [
        {
          lead: { ids: { email: 'a@x.com' }, attributes: {} },
          company: {
            ids: { domain: 'x.com' },
            attributes: { company_name: 'X Inc', company_normalized_name: 'X' },
            derived: ['company_normalized_name'],
          },
          connection: { sender: 's', level: 3 },
        },
        {
          lead: { ids: { email: 'a@x.com' }, attributes: {} },
          connection: { sender: 's', level: 1 },
          workspace: { workspaceId: 'w', attributes: { icp: 'y' } },
        },
        {
          lead: { ids: { email: 'a@x.com' }, attributes: {} },
          workspace: { workspaceId: 'w', attributes: { tags: ['t'] } },
        },
      ],
      none,
      ids(),
    );
    expect(plan.newCompanyIds).toEqual([NEW_1]);
    expect(plan.newLeadIds).toEqual([NEW_2]);
    expect(plan.leads[0].fields.get('company_id')).toBe(NEW_1);
    expect(plan.companies[0]).toMatchObject({
      id: NEW_1,
      normalizedName: { mode: 'derived', value: 'X' },
    });
    expect(plan.companies[0].fields.has('company_normalized_name')).toBe(false);
    expect(plan.connections).toEqual([{ leadId: NEW_2, sender: 's', level: 1 }]);
    expect(plan.memberships).toEqual([
      {
        leadId: NEW_2,
        workspaceId: 'w',
        fields: new Map<string, unknown>([
          ['icp', 'y'],
          ['tags', ['t']],
        ]),
      },
    ]);
  });

  it('sorts every write list by key', () => {
    const plan = planBatch(
      ['c', 'a', 'b'].map((n) => ({ lead: { ids: { email: `${n}@x.com` }, attributes: {} } })),
      none,
      ids(),
    );
    expect(plan.leadClaims.map((c) => c.value)).toEqual(['a@x.com', 'b@x.com', 'c@x.com']);
    expect(plan.leads.map((l) => l.id)).toEqual([...plan.leads.map((l) => l.id)].sort());
  });
});
