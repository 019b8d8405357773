interface Waiting<T> {
  items: T[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Lane<T> {
  waiting: Waiting<T>[];
  running: number;
}

export interface CoalescerOptions {
  /** Requests are combined until a write holds at least this many items. */
  maxItems: number;
  /** Writes of one key that may run at the same time. */
  maxConcurrent: number;
}

/**
 * Combines the items of concurrent requests with the same key (an account) into one set-based
 * write. A request that finds a free slot is written at once, so there is no added latency when
 * idle; requests that arrive while writes run wait and are then written together, in arrival
 * order. If a combined write fails, each of its requests is retried alone, so one request's
 * failure never becomes another's.
 */
export class WriteCoalescer<T> {
  private readonly lanes = new Map<string, Lane<T>>();

  constructor(
    private readonly write: (key: string, items: T[]) => Promise<void>,
    private readonly options: CoalescerOptions,
  ) {}

  submit(key: string, items: T[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const lane = this.lanes.get(key) ?? { waiting: [], running: 0 };
      this.lanes.set(key, lane);
      lane.waiting.push({ items, resolve, reject });
      this.drain(key, lane);
    });
  }

  private drain(key: string, lane: Lane<T>): void {
    while (lane.running < this.options.maxConcurrent && lane.waiting.length > 0) {
      const group = this.takeGroup(lane);
      lane.running++;
      void this.writeGroup(key, group).finally(() => {
        lane.running--;
        if (lane.running === 0 && lane.waiting.length === 0) this.lanes.delete(key);
        else this.drain(key, lane);
      });
    }
  }

  private takeGroup(lane: Lane<T>): Waiting<T>[] {
    const group = [lane.waiting.shift() as Waiting<T>];
    let count = group[0].items.length;
    while (
      lane.waiting.length > 0 &&
      count + lane.waiting[0].items.length <= this.options.maxItems
    ) {
      const next = lane.waiting.shift() as Waiting<T>;
      count += next.items.length;
      group.push(next);
    }
    return group;
  }

  private async writeGroup(key: string, group: Waiting<T>[]): Promise<void> {
    try {
      await this.write(
        key,
        group.flatMap((request) => request.items),
      );
      for (const request of group) request.resolve();
    } catch (error) {
      if (group.length === 1) {
        group[0].reject(error);
        return;
      }
      await Promise.all(
        group.map((request) =>
          this.write(key, request.items).then(request.resolve, request.reject),
        ),
      );
    }
  }
}
