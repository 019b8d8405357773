/**
 * The generated data set and the shape of the workload: which identities each request carries,
 * in which order, on how many parallel lanes. The raw-SQL limit and the HTTP phases consume the
 * very same batches, so their figures compare like with like.
 */

/** A family of identities; names keep the phases' rows apart. */
export interface Space {
  /** Short prefix of every identifier of this space (emails, URLs, domains). */
  name: string;
  /** Consecutive lead ids share one company; 1 gives every lead its own company. */
  leadsPerCompany: number;
}

export const SPACES = {
  batch: { name: 'b', leadsPerCompany: 5 },
  single: { name: 's', leadsPerCompany: 1 },
  growth: { name: 'g', leadsPerCompany: 5 },
  stored: { name: 'p', leadsPerCompany: 5 },
} as const satisfies Record<string, Space>;

export const WORKSPACES = 4;
export const LEAD_EMAIL_DOMAIN = 'lead-mail.example.com';
const LINKEDIN_PROFILE = 'https://www.linkedin.com/in/';

/** Identity `id` of `lane` in `space`, sent with the attribute values of revision `rev`. */
export interface ItemRef {
  space: Space;
  lane: number;
  id: number;
  rev: number;
}

export interface ItemValues {
  email: string;
  linkedinUrl: string;
  lead: {
    firstName: string;
    lastName: string;
    country: string;
    jobTitle: string;
    seniority: string;
    jobFunction: string;
    headline: string;
    location: string;
  };
  company: {
    domain: string;
    name: string;
    country: string;
    employeeRange: string;
    industry: string;
    employeeCount: number;
  };
  workspace: {
    id: string;
    importName: string;
    listSource: string;
    icp: string;
    tags: string[];
    leadStatus: string;
  };
}

const COUNTRIES = ['France', 'Germany', 'United States', 'United Kingdom', 'Spain', 'Brazil'];
const SENIORITIES = ['Entry', 'Senior', 'Manager', 'Director', 'VP', 'C-Level'];
const FUNCTIONS = ['Engineering', 'Sales', 'Marketing', 'Finance', 'Operations', 'Product'];
const INDUSTRIES = ['Software', 'Retail', 'Banking', 'Logistics', 'Healthcare', 'Media'];
const RANGES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001-5000'];
const STATUSES = ['new', 'contacted', 'replied', 'interested', 'not_interested'];

const pick = (list: readonly string[], n: number): string => list[n % list.length];

/** Canonical forms on purpose: the stored identifier equals the sent one (see the preload). */
export function leadKey(space: Space, lane: number, id: number): string {
  return `${space.name}${lane}-${id}`;
}

export function leadEmail(space: Space, lane: number, id: number): string {
  return `${leadKey(space, lane, id)}@${LEAD_EMAIL_DOMAIN}`;
}

export function leadLinkedinUrl(space: Space, lane: number, id: number): string {
  return LINKEDIN_PROFILE + leadKey(space, lane, id);
}

export function companyIndex(space: Space, id: number): number {
  return Math.floor(id / space.leadsPerCompany);
}

export function companyDomain(space: Space, lane: number, company: number): string {
  return `${space.name}${lane}-c${company}.example.com`;
}

export function workspaceId(id: number): string {
  return `bench-ws-${id % WORKSPACES}`;
}

/**
 * Every value that depends on `rev` changes on each update, so an update is never a no-op the
 * service could skip. Company values depend on the company and `rev` only: the leads of one
 * company in one batch agree on them.
 */
export function describe({ space, lane, id, rev }: ItemRef): ItemValues {
  const company = companyIndex(space, id);
  return {
    email: leadEmail(space, lane, id),
    linkedinUrl: leadLinkedinUrl(space, lane, id),
    lead: {
      firstName: `First${id}`,
      lastName: `Last${lane}x${id}`,
      country: pick(COUNTRIES, id),
      jobTitle: `Head of ${pick(FUNCTIONS, id + rev)} r${rev}`,
      seniority: pick(SENIORITIES, id + rev),
      jobFunction: pick(FUNCTIONS, id),
      headline: `Helping teams ship faster (rev ${rev})`,
      location: `${pick(COUNTRIES, id + rev)} r${rev}`,
    },
    company: {
      domain: companyDomain(space, lane, company),
      name: `Company ${space.name}${lane}-${company}`,
      country: pick(COUNTRIES, company),
      employeeRange: pick(RANGES, company + rev),
      industry: pick(INDUSTRIES, company),
      employeeCount: 10 + ((company * 7 + rev) % 5000),
    },
    workspace: {
      id: workspaceId(id),
      importName: `Import r${rev}`,
      listSource: 'bench',
      icp: `tier ${1 + (id % 3)}`,
      tags: ['bench', `r${rev}`],
      leadStatus: pick(STATUSES, id + rev),
    },
  };
}

/** One `POST /v1/events` item (SPEC 2.1): a lead, its company and its workspace row. */
export function eventItem(ref: ItemRef): Record<string, unknown> {
  const { email, linkedinUrl, lead, company, workspace } = describe(ref);
  return {
    event: 'update_attributes',
    platform: 'bench',
    lead_email: email,
    lead_linkedin_url: linkedinUrl,
    lead_first_name: lead.firstName,
    lead_last_name: lead.lastName,
    lead_country: lead.country,
    lead_job_title: lead.jobTitle,
    lead_seniority: lead.seniority,
    lead_function: lead.jobFunction,
    lead_linkedin_headline: lead.headline,
    lead_reporting_location: lead.location,
    company_domain: company.domain,
    company_name: company.name,
    company_country: company.country,
    company_employee_range: company.employeeRange,
    company_industry: company.industry,
    company_employee_count: String(company.employeeCount),
    workspace_id: workspace.id,
    import_name: workspace.importName,
    list_source: workspace.listSource,
    icp: workspace.icp,
    tags: workspace.tags,
    lead_status: workspace.leadStatus,
  };
}

/** One `POST /v1/senders` item (SPEC 2.2): an email sender. */
export function senderItem(lane: number, id: number, rev: number): Record<string, unknown> {
  return {
    sender: `sender${lane}-${id}@mbox${id % 50}.example.com`,
    workspace_id: workspaceId(id),
    sender_name: `Sender ${lane}-${id} r${rev}`,
    email_server: pick(['google_workspace', 'microsoft_365', 'private_smtp'], id + rev),
    email_reseller: pick(['cheap_inboxes', 'premium_inboxes', 'ci_aged'], id + rev),
    platform: 'bench',
  };
}

/** Small deterministic PRNG (mulberry32): the same seed gives the same data set on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BatchIds {
  ids: number[];
  created: number;
}

/**
 * The identities of one lane, batch after batch: every second item of the stream (by position)
 * re-sends an identity that an earlier batch created, picked at random; the others are new.
 * Ids `[0, existing)` count as already stored (the preload); new ids start at `firstNewId`.
 */
export class IdentityStream {
  private readonly added: number[] = [];
  private nextNewId: number;
  private position = 0;
  private batches = 0;
  private readonly random: () => number;

  constructor(
    private readonly existing: number,
    firstNewId: number,
    seed: number,
  ) {
    this.nextNewId = Math.max(firstNewId, existing);
    this.random = seededRandom(seed);
  }

  /** Batches taken so far: a revision number no earlier batch of the stream used. */
  get batchCount(): number {
    return this.batches;
  }

  /** Identities known before the next batch. */
  get size(): number {
    return this.existing + this.added.length;
  }

  next(size: number): BatchIds {
    const wantedUpdates = Math.floor((this.position + size) / 2) - Math.floor(this.position / 2);
    const updates = this.pickEarlier(Math.min(wantedUpdates, this.size));
    const fresh: number[] = [];
    while (updates.length + fresh.length < size) fresh.push(this.nextNewId++);
    this.added.push(...fresh);
    this.position += size;
    this.batches++;
    // Interleaved, as a real export would mix known and unknown leads.
    const ids: number[] = [];
    for (let i = 0; ids.length < size; i++) {
      if (i < fresh.length) ids.push(fresh[i]);
      if (i < updates.length) ids.push(updates[i]);
    }
    return { ids, created: fresh.length };
  }

  private pickEarlier(count: number): number[] {
    const picked = new Set<number>();
    while (picked.size < count) {
      const index = Math.floor(this.random() * this.size);
      picked.add(index < this.existing ? index : this.added[index - this.existing]);
    }
    return [...picked];
  }
}

/**
 * The batches of one lane: an untimed warm-up batch (it also gives the first timed batch
 * identities to update), then the timed ones.
 */
export interface Lane<B> {
  warmUp: B;
  timed: B[];
}

export function mapLane<A, B>(lane: Lane<A>, map: (batch: A) => B): Lane<B> {
  return { warmUp: map(lane.warmUp), timed: lane.timed.map(map) };
}

export interface LanePlan {
  lanes: Lane<ItemRef[]>[];
  timedItems: number;
  /** Leads (and workspace rows) that exist once every lane has run. */
  leads: number;
  companies: number;
}

/**
 * Lanes never share identities, companies included, so concurrent batches never wait on each
 * other's row locks and the figure does not depend on scheduling luck.
 */
export function planLanes(
  space: Space,
  lanes: number,
  batchesPerLane: number,
  batchSize: number,
): LanePlan {
  const plan: LanePlan = { lanes: [], timedItems: 0, leads: 0, companies: 0 };
  for (let lane = 0; lane < lanes; lane++) {
    const stream = new IdentityStream(0, 0, 1000 + lane);
    const refs = (rev: number) =>
      stream.next(batchSize).ids.map((id): ItemRef => ({ space, lane, id, rev }));
    const warmUp = refs(0);
    const timed = Array.from({ length: batchesPerLane }, (_, b) => refs(b + 1));
    plan.lanes.push({ warmUp, timed });
    plan.timedItems += batchesPerLane * batchSize;
    plan.leads += stream.size;
    plan.companies += Math.ceil(stream.size / space.leadsPerCompany);
  }
  return plan;
}

/**
 * Runs every lane's warm-up batch, then the timed batches: each lane's one after another, the
 * lanes in parallel. Returns the seconds the timed batches took.
 */
export async function runLanes<B>(
  lanes: readonly Lane<B>[],
  send: (batch: B) => Promise<void>,
): Promise<number> {
  await inParallel(
    lanes.map((lane) => [lane.warmUp]),
    send,
  );
  const started = process.hrtime.bigint();
  await inParallel(
    lanes.map((lane) => lane.timed),
    send,
  );
  return secondsSince(started);
}

async function inParallel<B>(
  lanes: readonly (readonly B[])[],
  send: (batch: B) => Promise<void>,
): Promise<void> {
  let failed = false;
  await Promise.all(
    lanes.map(async (batches) => {
      try {
        for (const batch of batches) if (!failed) await send(batch);
      } catch (error) {
        failed = true;
        throw error;
      }
    }),
  );
}

export function secondsSince(started: bigint): number {
  return Number(process.hrtime.bigint() - started) / 1e9;
}
