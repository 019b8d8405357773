import { WriteCoalescer } from './write-coalescer';

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: unknown) => void } {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('WriteCoalescer', () => {
  it('writes a lone request at once', async () => {
    const writes: number[][] = [];
    const sut = new WriteCoalescer<number>(async (_, items) => void writes.push(items), {
      maxItems: 100,
      maxConcurrent: 1,
    });
    await sut.submit('a', [1, 2]);
    expect(writes).toEqual([[1, 2]]);
  });

  it('combines requests that wait behind a running write, in arrival order, up to maxItems', async () => {
    const writes: number[][] = [];
    const gates: ReturnType<typeof deferred>[] = [];
    const sut = new WriteCoalescer<number>(
      (_, items) => {
        writes.push(items);
        const gate = deferred();
        gates.push(gate);
        return gate.promise;
      },
      { maxItems: 4, maxConcurrent: 1 },
    );
    const done = [
      sut.submit('a', [1]),
      sut.submit('a', [2]),
      sut.submit('a', [3, 4]),
      sut.submit('a', [5]),
      sut.submit('a', [6]),
    ];
    expect(writes).toEqual([[1]]);
    gates[0].resolve();
    await new Promise(setImmediate);
    expect(writes).toEqual([[1], [2, 3, 4, 5]]);
    gates[1].resolve();
    await new Promise(setImmediate);
    expect(writes).toEqual([[1], [2, 3, 4, 5], [6]]);
    gates[2].resolve();
    await Promise.all(done);
  });

  it('keeps keys apart and runs up to maxConcurrent writes of one key', async () => {
    const running = new Map<string, number>();
    let peak = 0;
    const sut = new WriteCoalescer<number>(
      async (key) => {
        running.set(key, (running.get(key) ?? 0) + 1);
        peak = Math.max(peak, running.get(key) ?? 0);
        await new Promise((done) => setTimeout(done, 5));
        running.set(key, (running.get(key) ?? 1) - 1);
      },
      { maxItems: 1, maxConcurrent: 2 },
    );
    await Promise.all([1, 2, 3, 4, 5].flatMap((n) => [sut.submit('a', [n]), sut.submit('b', [n])]));
    expect(peak).toBe(2);
  });

  it('retries each request of a failed combined write alone, so only the bad one fails', async () => {
    const gate = deferred();
    const sut = new WriteCoalescer<number>(
      async (_, items) => {
        if (items.includes(0)) await gate.promise;
        if (items.includes(13)) throw new Error('bad item');
      },
      { maxItems: 100, maxConcurrent: 1 },
    );
    const first = sut.submit('a', [0]);
    const good = sut.submit('a', [1]);
    const bad = sut.submit('a', [13]);
    gate.resolve();
    await first;
    await expect(good).resolves.toBeUndefined();
    await expect(bad).rejects.toThrow('bad item');
  });
});
