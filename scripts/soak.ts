/**
 * `npm run soak -- --minutes 5 [--rate 25]`: starts the service, drives mixed traffic at a steady
 * rate (event batches with some invalid items, single events, sender upserts that move senders
 * between workspaces, reads), then checks that nothing answered 5xx and that every item reported
 * successful reads back with the values last sent. Prints one SOAK summary line; exit 1 on failure.
 */
import { randomBytes } from 'node:crypto';
import { SoakModel } from './soak/model';
import { startSoakService, SoakService } from './soak/service';
import { Traffic } from './soak/traffic';
import { verify } from './soak/verify';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at === -1) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isFinite(value) || value <= 0) {
    process.stderr.write(`--${name} must be a positive number (got "${process.argv[at + 1]}")\n`);
    process.exit(2);
  }
  return value;
}

async function main(): Promise<number> {
  const minutes = option('minutes', 5);
  const rate = option('rate', 25);
  const runId = randomBytes(3).toString('hex');
  let service: SoakService | undefined;
  const stop = async (): Promise<void> => {
    const running = service;
    service = undefined;
    await running?.stop();
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    service = await startSoakService(runId);
    const model = new SoakModel(runId, 2_000, 300);
    const traffic = new Traffic(service.baseUrl, service.apiKey, model);
    const startedAt = Date.now();
    await traffic.run(minutes * 60_000, rate);
    const seconds = (Date.now() - startedAt) / 1000;
    const check = await verify(service.baseUrl, service.apiKey, model);
    const { counts } = traffic;
    const serverErrors = counts.serverErrors + check.serverErrors;
    const failed =
      serverErrors > 0 ||
      counts.networkErrors > 0 ||
      counts.unexpectedItems > 0 ||
      check.mismatches.length > 0;
    for (const line of [...traffic.problems, ...check.mismatches].slice(0, 20)) {
      process.stderr.write(`  ${line}\n`);
    }
    process.stdout.write(
      `SOAK minutes=${minutes} requests=${counts.requests} reads=${counts.reads} ` +
        `items_ok=${counts.itemsOk} items_failed_expected=${counts.itemsFailedExpected} ` +
        `items_unexpected=${counts.unexpectedItems} 5xx=${serverErrors} ` +
        `network_errors=${counts.networkErrors} verified=${check.verified} ` +
        `mismatches=${check.mismatches.length} rps=${(counts.requests / seconds).toFixed(1)} ` +
        `p99_ms=${traffic.percentile(0.99)} service=${service.description}\n`,
    );
    return failed ? 1 : 0;
  } finally {
    await stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`soak failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
