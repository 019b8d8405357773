import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { bufferedDestination } from './buffered-destination';

describe('bufferedDestination', () => {
  let dir: string;

  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'log-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a lone log line within a second, without waiting for a full chunk', async () => {
    const file = join(dir, 'out.log');
    const fd = openSync(file, 'w');
    const destination = bufferedDestination(fd);
    pino(destination).info({ marker: 'lone-line' }, 'hello');
    let written = '';
    for (let waited = 0; waited < 1_000 && !written.includes('lone-line'); waited += 50) {
      await sleep(50);
      written = readFileSync(file, 'utf8');
    }
    expect(written).toContain('lone-line');
    (destination as unknown as { end(): void }).end(); // closes fd
  });

  it('keeps every line of a burst, in order', async () => {
    const file = join(dir, 'burst.log');
    const fd = openSync(file, 'w');
    const destination = bufferedDestination(fd);
    const logger = pino(destination);
    for (let i = 0; i < 2_000; i++) logger.info({ i }, 'burst');
    (destination as unknown as { flushSync(): void }).flushSync();
    await sleep(300);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).i)).toEqual([...Array(2_000).keys()]);
    (destination as unknown as { end(): void }).end(); // closes fd
  });
});
