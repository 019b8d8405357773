import 'reflect-metadata';
import { ConfigError, validateEnv } from './config/env';
import { createApp } from './app.setup';

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
  await app.listen(env.PORT, '0.0.0.0');
}

bootstrap().catch((error: unknown) => {
  process.stderr.write(
    `Outreach Ingest failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
