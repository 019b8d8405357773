import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { parseArgs } from 'node:util';
import { AccountsService } from '../src/auth/application/accounts.service';
import { AuthModule } from '../src/auth/auth.module';
import { validateEnv } from '../src/config/env';
import { DatabaseModule } from '../src/database/database.module';

/**
 * `npm run api-key:create -- --account <name> [--name <label>]`: creates the account when it does
 * not exist, then a new key for it; the key is the last line of stdout.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { account: { type: 'string' }, name: { type: 'string' } },
  });
  const accountName = values.account?.trim();
  if (!accountName) {
    process.stderr.write('usage: npm run api-key:create -- --account <name> [--name <label>]\n');
    process.exit(2);
  }
  const env = validateEnv({ LOG_LEVEL: 'warn', ...process.env });

  @Module({
    imports: [
      ConfigModule.forRoot({
        isGlobal: true,
        ignoreEnvFile: true,
        skipProcessEnv: true,
        load: [() => env],
      }),
      DatabaseModule,
      AuthModule.register({ adminApi: false, firstStartAccount: false }),
    ],
  })
  class ApiKeyCliModule {}

  const app = await NestFactory.createApplicationContext(ApiKeyCliModule, {
    logger: ['error', 'warn'],
  });
  try {
    const accounts = app.get(AccountsService);
    const account = await accounts.findOrCreateAccount(accountName);
    const issued = await accounts.issueApiKey(account.id, values.name?.trim() || 'cli');
    process.stdout.write(
      `account ${account.name} (${account.id}), key ${issued.prefix}…\n${issued.key}\n`,
    );
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `api-key:create failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
