/**
 * The measured phases of issue 5, in the order they run. Each phase checks what it wrote (every
 * response, then the row counts), so a figure is never the speed of failing.
 */
import {
  IdentityStream,
  ItemRef,
  Lane,
  SPACES,
  Space,
  eventItem,
  mapLane,
  planLanes,
  runLanes,
  secondsSince,
  senderItem,
} from './data';
import { ApiClient, runSingleItemLoad } from './http-load';
import {
  countRawRows,
  createRawTables,
  preloadLeads,
  rawBatchParams,
  writeRawBatch,
} from './raw-sql';
import { BenchDatabase, BenchError, ENTRIES, ServiceProcess } from './service';

export interface BenchSizes {
  /** 1,000-item batches per lane (2 lanes) for the limit, the batch ingest and the senders. */
  batchesPerLane: number;
  senderBatchesPerLane: number;
  singleWarmUpSeconds: number;
  singleSeconds: number;
  /** Each batch size of the growth phase runs at least this long. */
  growthSeconds: number;
  growthMinBatches: number;
  /** Stored-lead counts to measure at; the first one is preloaded, then topped up. */
  storedLeads: number[];
  storedBatches: number;
}

export const FULL: BenchSizes = {
  batchesPerLane: 50,
  senderBatchesPerLane: 25,
  singleWarmUpSeconds: 1,
  singleSeconds: 10,
  growthSeconds: 3,
  growthMinBatches: 3,
  storedLeads: [100_000, 1_000_000],
  storedBatches: 10,
};

/** Under 60 s with the build on a quiet 2-core machine. */
export const QUICK: BenchSizes = {
  batchesPerLane: 8,
  senderBatchesPerLane: 4,
  singleWarmUpSeconds: 0.5,
  singleSeconds: 5,
  growthSeconds: 0.5,
  growthMinBatches: 1,
  storedLeads: [100_000],
  storedBatches: 3,
};

export const BATCH_SIZE = 1_000;
export const LANES = 2;
export const SINGLE_CONNECTIONS = 64;
export const GROWTH_BATCH_SIZES = [1, 10, 100, 1_000, 10_000];

export interface BenchContext {
  db: BenchDatabase;
  service: ServiceProcess;
  sizes: BenchSizes;
  log: (line: string) => void;
}

const json = (items: unknown[]) => Buffer.from(JSON.stringify(items));

async function client(ctx: BenchContext, account: string): Promise<[ApiClient, string]> {
  const { accountId, apiKey } = await ctx.db.createAccount(account);
  return [new ApiClient(ctx.service.baseUrl, apiKey), accountId];
}

async function expectCount(
  ctx: BenchContext,
  table: string,
  accountId: string,
  expected: number,
): Promise<void> {
  const actual = await ctx.db.count(table, accountId);
  if (actual !== expected) {
    throw new BenchError(`${table} holds ${actual} rows of the phase, expected ${expected}`);
  }
}

export interface BatchFigures {
  rawItemsPerS: number;
  eventsItemsPerS: number;
  items: number;
}

/** Phases 1 and 2: the same batches, first as hand-written SQL, then through POST /v1/events. */
export async function batchIngest(ctx: BenchContext): Promise<BatchFigures> {
  const plan = planLanes(SPACES.batch, LANES, ctx.sizes.batchesPerLane, BATCH_SIZE);
  const { accountId: rawAccount } = await ctx.db.createAccount('bench-raw');
  await createRawTables(ctx.db.pool);
  const rawParams = plan.lanes.map((lane) =>
    mapLane(lane, (batch) => rawBatchParams(rawAccount, batch)),
  );
  ctx.log(`1 limit: ${plan.timedItems} items as hand-written SQL on ${LANES} connections`);
  const rawSeconds = await runLanes(rawParams, (params) => writeRawBatch(ctx.db.pool, params));
  const raw = await countRawRows(ctx.db.pool);
  if (
    raw.leads !== plan.leads ||
    raw.companies !== plan.companies ||
    raw.workspaceRows !== plan.leads
  ) {
    throw new BenchError(`the limit wrote ${JSON.stringify(raw)}, expected ${plan.leads} leads`);
  }

  const [api, accountId] = await client(ctx, 'bench-batch');
  const bodies = plan.lanes.map((lane) => mapLane(lane, (batch) => json(batch.map(eventItem))));
  ctx.log(`2 batch ingest: the same items, POST /v1/events, ${LANES} clients`);
  const eventsSeconds = await runLanes(bodies, (body) =>
    api.postAll('/v1/events', body, { items: BATCH_SIZE }),
  );
  api.close();
  await expectCount(ctx, 'leads', accountId, plan.leads);
  await expectCount(ctx, 'companies', accountId, plan.companies);
  await expectCount(ctx, 'lead_workspaces', accountId, plan.leads);
  return {
    rawItemsPerS: plan.timedItems / rawSeconds,
    eventsItemsPerS: plan.timedItems / eventsSeconds,
    items: plan.timedItems,
  };
}

export interface SingleFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

/** Phase 3: SINGLE_CONNECTIONS connections, one new lead per request. */
export async function singleItems(
  ctx: BenchContext,
  account = 'bench-single',
): Promise<SingleFigures> {
  const { accountId, apiKey } = await ctx.db.createAccount(account);
  let next = 0;
  const load = (seconds: number) =>
    runSingleItemLoad({
      baseUrl: ctx.service.baseUrl,
      apiKey,
      connections: SINGLE_CONNECTIONS,
      seconds,
      nextBody: () =>
        JSON.stringify(eventItem({ space: SPACES.single, lane: 0, id: next++, rev: 1 })),
    });
  ctx.log(
    `3 single items: ${SINGLE_CONNECTIONS} connections, ${ctx.sizes.singleWarmUpSeconds} s warm-up + ${ctx.sizes.singleSeconds} s`,
  );
  const warmUp = await load(ctx.sizes.singleWarmUpSeconds);
  const result = await load(ctx.sizes.singleSeconds);
  for (const run of [warmUp, result]) {
    if (run.non2xx > 0 || run.failures > 0) {
      throw new BenchError(
        `single-item requests failed: ${run.non2xx} non-2xx, ${run.failures} errors of ${run.requests}; first: ${run.firstFailure}`,
      );
    }
  }
  // Requests still in flight when autocannon stops may land without being counted.
  const leads = await ctx.db.count('leads', accountId);
  const acknowledged = warmUp.requests + result.requests;
  if (leads < acknowledged || leads > next) {
    throw new BenchError(`${leads} leads stored after ${acknowledged} acknowledged requests`);
  }
  return result;
}

/**
 * Phase 3 again, as a diagnostic without a target: the same load on the same ingestion code
 * behind a bare node:http server (bare-http-main.ts), started for this phase only, on its own
 * account. The difference to phase 3 is what Nest, Express and the middleware cost.
 */
export async function singleItemsBareHttp(ctx: BenchContext): Promise<SingleFigures> {
  const bare = await ServiceProcess.start(ctx.db.url, ctx.service.settings, ENTRIES.bareHttp);
  try {
    return await singleItems({ ...ctx, service: bare }, 'bench-single-bare-http');
  } finally {
    await bare.stop();
  }
}

interface SenderBatch {
  body: Buffer;
  created: number;
}

/** Phase 4: POST /v1/senders, 1,000 email senders per request, half new, on 2 clients. */
export async function senders(ctx: BenchContext): Promise<number> {
  const [api, accountId] = await client(ctx, 'bench-senders');
  const lanes = Array.from({ length: LANES }, (_, laneIndex) => {
    const stream = new IdentityStream(0, 0, 2000 + laneIndex);
    const batch = (rev: number): SenderBatch => {
      const { ids, created } = stream.next(BATCH_SIZE);
      return { body: json(ids.map((id) => senderItem(laneIndex, id, rev))), created };
    };
    const lane: Lane<SenderBatch> = {
      warmUp: batch(0),
      timed: Array.from({ length: ctx.sizes.senderBatchesPerLane }, (_, b) => batch(b + 1)),
    };
    return { lane, identities: () => stream.size };
  });
  const items = LANES * ctx.sizes.senderBatchesPerLane * BATCH_SIZE;
  ctx.log(`4 senders: ${items} items, POST /v1/senders, ${LANES} clients`);
  const seconds = await runLanes(
    lanes.map(({ lane }) => lane),
    ({ body, created }) => api.postAll('/v1/senders', body, { items: BATCH_SIZE, created }),
  );
  api.close();
  const identities = lanes.reduce((sum, lane) => sum + lane.identities(), 0);
  await expectCount(ctx, 'senders', accountId, identities);
  return items / seconds;
}

export interface GrowthFigures {
  msPerItemBySize: Map<number, number>;
  /** Largest RSS increase one 10,000-item request caused (peak during minus before). */
  rssAddedMb: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  msPerItemByStored: Map<number, number>;
}

/**
 * Sends batches of `size` from `stream` one after another until both minimums are met; times the
 * requests only (bodies are built between them). Returns ms per item.
 */
async function timeBatches(
  api: ApiClient,
  stream: IdentityStream,
  space: Space,
  size: number,
  minimum: { seconds: number; batches: number },
  around: (send: () => Promise<void>) => Promise<void> = (send) => send(),
): Promise<number> {
  let seconds = 0;
  let items = 0;
  for (let batch = 1; batch <= minimum.batches || seconds < minimum.seconds; batch++) {
    const { ids } = stream.next(size);
    const rev = stream.batchCount;
    const refs = ids.map((id): ItemRef => ({ space, lane: 0, id, rev }));
    const body = json(refs.map(eventItem));
    await around(async () => {
      const started = process.hrtime.bigint();
      await api.postAll('/v1/events', body, { items: size });
      seconds += secondsSince(started);
    });
    items += size;
  }
  return (seconds * 1000) / items;
}

/** Phase 5 (and the RSS of phase 6): per-item cost against batch size and stored leads. */
export async function growth(ctx: BenchContext): Promise<GrowthFigures> {
  const bySize = await growthByBatchSize(ctx);
  return { ...bySize, msPerItemByStored: await growthByStoredLeads(ctx) };
}

async function growthByBatchSize(
  ctx: BenchContext,
): Promise<Omit<GrowthFigures, 'msPerItemByStored'>> {
  const figures = {
    msPerItemBySize: new Map<number, number>(),
    rssAddedMb: 0,
    rssBeforeMb: 0,
    rssPeakMb: 0,
  };
  // Keeps the request that added the most: what one 10,000-item request may cost in memory.
  const trackRss = async (send: () => Promise<void>) => {
    const { beforeMb, peakMb } = await ctx.service.sampleRss(send);
    if (peakMb - beforeMb >= figures.rssAddedMb) {
      Object.assign(figures, {
        rssAddedMb: peakMb - beforeMb,
        rssBeforeMb: beforeMb,
        rssPeakMb: peakMb,
      });
    }
  };
  const [api, accountId] = await client(ctx, 'bench-growth');
  const stream = new IdentityStream(0, 0, 3000);
  // Untimed: enough identities for the updates of the largest batch, in batches no larger than
  // the earlier phases', so the first 10,000-item request meets a heap that never held one.
  await timeBatches(api, stream, SPACES.growth, BATCH_SIZE, { seconds: 0, batches: 10 });
  for (const size of GROWTH_BATCH_SIZES) {
    ctx.log(`5 growth: batches of ${size}`);
    const large = size >= 10_000;
    const minimum = {
      seconds: ctx.sizes.growthSeconds,
      batches: large ? ctx.sizes.growthMinBatches : 3,
    };
    const msPerItem = await timeBatches(
      api,
      stream,
      SPACES.growth,
      size,
      minimum,
      large ? trackRss : undefined,
    );
    figures.msPerItemBySize.set(size, msPerItem);
  }
  api.close();
  await expectCount(ctx, 'leads', accountId, stream.size);
  return figures;
}

async function growthByStoredLeads(ctx: BenchContext): Promise<Map<number, number>> {
  const msPerItem = new Map<number, number>();
  const [api, accountId] = await client(ctx, 'bench-stored');
  let stored = 0;
  let created = 0;
  for (const [step, target] of ctx.sizes.storedLeads.entries()) {
    ctx.log(`5 growth: preloading leads ${stored}..${target} with SQL`);
    const started = process.hrtime.bigint();
    await preloadLeads(ctx.db.pool, accountId, SPACES.stored, stored, target);
    ctx.log(`  preloaded in ${secondsSince(started).toFixed(1)} s`);
    stored = target;
    // Half the items update random preloaded leads; the new ones get ids far above them.
    const stream = new IdentityStream(stored, 10_000_000 * (step + 1), 4000 + step);
    const minimum = { seconds: ctx.sizes.growthSeconds, batches: ctx.sizes.storedBatches };
    msPerItem.set(target, await timeBatches(api, stream, SPACES.stored, BATCH_SIZE, minimum));
    created += stream.size - stored;
    await expectCount(ctx, 'leads', accountId, stored + created);
  }
  api.close();
  return msPerItem;
}
