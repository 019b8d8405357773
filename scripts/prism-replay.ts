import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fetchSend, runApiSession, Send, Step } from './lib/api-session';
import { Child, freePort, ROOT, startService, waitFor } from './lib/service-process';

/**
 * `npm run openapi:prism`: starts the built service and a Prism validation proxy in front of it
 * (`prism proxy openapi.json <service> --errors`), replays the scripted API session through the
 * proxy and exits 1 on any violation Prism reports. Requests that break the document on purpose
 * (malformed JSON, an unknown enum value) must be refused by Prism; every other request must be
 * forwarded and its response must conform.
 */
const MAX_BATCH_ITEMS = 20;
/** Another document can be given as the first argument, to see the replay catch a mismatch. */
const DOCUMENT = process.argv[2] ?? 'openapi.json';

async function main(): Promise<number> {
  const service = await startService({
    name: 'prism-service',
    embeddedPgPort: Number(process.env.PRISM_PG_PORT ?? 54345),
    embeddedPgDir: process.env.PRISM_PG_DIR ?? '.data/prism-pg',
    env: { MAX_BATCH_ITEMS: String(MAX_BATCH_ITEMS) },
  });
  let prism: Child | undefined;
  try {
    const port = await freePort();
    prism = new Child(
      'prism-proxy',
      spawn(
        join(ROOT, 'node_modules', '.bin', 'prism'),
        [
          'proxy',
          DOCUMENT,
          service.baseUrl,
          '--errors',
          '--host',
          '127.0.0.1',
          '--port',
          String(port),
        ],
        {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, SCARF_ANALYTICS: 'false' },
        },
      ),
    );
    const proxy = prism;
    await waitFor(
      'Prism',
      async () => {
        if (!proxy.running) throw new Error(`Prism exited:\n${proxy.output}`);
        return proxy.output.includes('Prism is listening');
      },
      60_000,
    );

    const violations: string[] = [];
    let forwarded = 0;
    const refused: string[] = [];
    const throughPrism = fetchSend(`http://127.0.0.1:${port}`);
    const send: Send = async (step: Step) => {
      const reply = await throughPrism(step);
      const header = reply.headers.get('sl-violations');
      if (header) violations.push(`${step.name}: ${header}`);
      // The service tags every response with x-request-id; Prism's own answers have none.
      reply.refusedByProxy = !reply.headers.has('x-request-id');
      if (reply.refusedByProxy) refused.push(`${step.name} → ${reply.status}`);
      else forwarded += 1;
      return reply;
    };
    await runApiSession(send, { adminKey: service.adminKey, maxBatchItems: MAX_BATCH_ITEMS });

    const logged = proxy.output
      .split('\n')
      .filter((line) => /VIOLATIONS|Violation|✖/.test(line) && !/UNPROCESSABLE_ENTITY/.test(line));
    console.log(`Prism replay: ${forwarded} requests forwarded and validated by Prism`);
    console.log(`Refused by Prism as intended (requests that break the document on purpose):`);
    for (const line of refused) console.log(`  ${line}`);
    if (violations.length > 0 || logged.length > 0) {
      console.error('Prism reported violations:');
      for (const line of [...violations, ...logged]) console.error(`  ${line}`);
      return 1;
    }
    console.log('Prism reported no violation (.artifacts/prism-proxy.log has its log)');
    return 0;
  } finally {
    await prism?.stop();
    await service.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Prism replay failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
