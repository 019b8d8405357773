import { Item, PlannedItem, SoakModel, WORKSPACES } from './model';

const MAX_IN_FLIGHT = 64;
const INVALID_SHARE = 0.1;
const REQUEST_TIMEOUT_MS = 30_000;

export interface Counts {
  requests: number;
  reads: number;
  itemsOk: number;
  itemsFailedExpected: number;
  unexpectedItems: number;
  serverErrors: number;
  networkErrors: number;
  /** Ticks skipped because MAX_IN_FLIGHT requests were still open (the service fell behind). */
  skipped: number;
}

interface Answer {
  status: number;
  body: unknown;
}

const randomInt = (min: number, max: number): number =>
  min + Math.floor(Math.random() * (max - min + 1));

/** Sends the soak's mixed traffic at a steady rate and feeds successful items to the model. */
export class Traffic {
  readonly counts: Counts = {
    requests: 0,
    reads: 0,
    itemsOk: 0,
    itemsFailedExpected: 0,
    unexpectedItems: 0,
    serverErrors: 0,
    networkErrors: 0,
    skipped: 0,
  };
  readonly problems: string[] = [];
  private readonly latencies: number[] = [];
  private inFlight = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly model: SoakModel,
  ) {}

  async run(durationMs: number, rate: number): Promise<void> {
    const open = new Set<Promise<void>>();
    const interval = 1000 / rate;
    const startedAt = Date.now();
    for (let tick = 0; ; tick++) {
      const due = startedAt + tick * interval;
      if (due - startedAt >= durationMs) break;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((done) => setTimeout(done, wait));
      if (this.inFlight >= MAX_IN_FLIGHT) {
        this.counts.skipped++;
        continue;
      }
      const operation = this.operation().finally(() => open.delete(operation));
      open.add(operation);
    }
    await Promise.all(open);
  }

  percentile(p: number): number {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted.length === 0
      ? 0
      : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  }

  private async operation(): Promise<void> {
    const roll = Math.random();
    if (roll < 0.35) return this.ingest('events', 'lead', randomInt(10, 30), true);
    if (roll < 0.55) return this.ingest('events', 'lead', 1, false);
    if (roll < 0.75) return this.ingest('senders', 'sender', randomInt(1, 5), true);
    return this.read();
  }

  private async ingest(
    endpoint: 'events' | 'senders',
    kind: 'lead' | 'sender',
    size: number,
    asArray: boolean,
  ): Promise<void> {
    const keys = this.model.claim(kind, size);
    if (keys.length === 0) return;
    const planned: PlannedItem[] = keys.map((key) => {
      const invalid = Math.random() < INVALID_SHARE;
      return kind === 'lead'
        ? this.model.eventItem(key, invalid)
        : this.model.senderItem(key, invalid);
    });
    const items: Item[] = planned.map((p) => p.item);
    try {
      const answer = await this.send('POST', `/v1/${endpoint}`, asArray ? items : items[0]);
      if (!answer) return this.uncertain(planned);
      if (answer.status >= 500) return this.uncertain(planned, `${endpoint} ${answer.status}`);
      if (![200, 207, 422].includes(answer.status)) {
        this.counts.unexpectedItems += planned.length;
        this.problems.push(
          `${endpoint}: unexpected status ${answer.status} ${JSON.stringify(answer.body)}`,
        );
        return;
      }
      const body = answer.body as { errors?: { details?: { index: number }[] } };
      const failed = new Set((body.errors?.details ?? []).map((detail) => detail.index));
      planned.forEach((p, index) => this.account(endpoint, p, failed.has(index)));
    } finally {
      this.model.release(keys);
    }
  }

  private account(endpoint: string, planned: PlannedItem, failed: boolean): void {
    if (failed === !planned.valid) {
      if (failed) this.counts.itemsFailedExpected++;
      else {
        planned.apply();
        this.counts.itemsOk++;
      }
      return;
    }
    this.counts.unexpectedItems++;
    this.problems.push(
      `${endpoint}: item ${JSON.stringify(planned.item)} ${failed ? 'failed' : 'succeeded'} unexpectedly`,
    );
  }

  /** No trustworthy answer: the soak fails anyway; these identities are left out of the check. */
  private uncertain(planned: PlannedItem[], problem?: string): void {
    if (problem) this.problems.push(problem);
    planned.forEach((p) => {
      this.model.leads.delete(p.key);
      this.model.senders.delete(p.key);
    });
  }

  private async read(): Promise<void> {
    const roll = Math.random();
    const path =
      roll < 0.4
        ? `/v1/leads?lead_email=${encodeURIComponent(this.model.leadEmail(randomInt(0, 1999)))}`
        : roll < 0.8
          ? `/v1/senders?sender=${encodeURIComponent(this.model.senderId(randomInt(0, 299)))}`
          : roll < 0.9
            ? `/v1/senders/summary?group_by=workspace_id`
            : `/v1/leads?workspace_id=${WORKSPACES[randomInt(0, 2)]}&limit=100`;
    const answer = await this.send('GET', path);
    this.counts.reads++;
    if (answer && answer.status !== 200) {
      if (answer.status >= 500) this.problems.push(`GET ${path.split('?')[0]}: ${answer.status}`);
      else this.problems.push(`GET ${path.split('?')[0]}: unexpected ${answer.status}`);
    }
  }

  /** One request; counts it, its latency, 5xx and network errors. Undefined = no HTTP answer. */
  async send(method: string, path: string, body?: unknown): Promise<Answer | undefined> {
    this.inFlight++;
    this.counts.requests++;
    const startedAt = Date.now();
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-api-key': this.apiKey },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      this.latencies.push(Date.now() - startedAt);
      if (response.status >= 500) this.counts.serverErrors++;
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // reported as text
      }
      return { status: response.status, body: parsed };
    } catch (error) {
      this.counts.networkErrors++;
      this.problems.push(
        `${method} ${path.split('?')[0]}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return undefined;
    } finally {
      this.inFlight--;
    }
  }
}
