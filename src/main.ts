import 'reflect-metadata';
import { ConfigError, validateEnv } from './config/env';
import { createApp } from './app.setup';

const SHUTDOWN_DEADLINE_MS = 25_000;

async function bootstrap(): Promise<void> {
  let env;
  try {
    env = validateEnv(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const app = await createApp(env);
  // Nest's shutdown hooks drain in-flight requests and close the pool and the embedded database;
  // this bounds how long that may take.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref());
  }
  await app.listen(env.PORT, '0.0.0.0');
}

bootstrap().catch((error: unknown) => {
  process.stderr.write(
    `Outreach Ingest failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
