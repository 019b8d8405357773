import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { AppOptions } from '../../src/app.module';
import { createApp } from '../../src/app.setup';
import { AccountsService } from '../../src/auth/application/accounts.service';
import { validateEnv } from '../../src/config/env';
import { createTestDatabase } from './test-database';

export const TEST_ADMIN_KEY = 'test-admin-key-0123456789abcdef';

export interface TestApp {
  app: NestExpressApplication;
  http: TestAgent;
  dataSource: DataSource;
  /** Creates an account and returns one live API key for it. */
  newAccount(name?: string): Promise<{ accountId: string; apiKey: string }>;
  close(): Promise<void>;
}

let accountCounter = 0;

/** The real application (createApp, as main.ts builds it) on a fresh database of its own. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: AppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await createApp(
    validateEnv({
      LOG_LEVEL: 'silent',
      ADMIN_API_KEY: TEST_ADMIN_KEY,
      ...env,
      DATABASE_URL: database.url,
    }),
    options,
  );
  await app.init();
  const accounts = app.get(AccountsService);
  return {
    app,
    http: request(app.getHttpServer()),
    dataSource: app.get(DataSource),
    async newAccount(name = `account-${++accountCounter}-${Date.now()}`) {
      const account = await accounts.createAccount(name);
      const issued = await accounts.issueApiKey(account.id, 'test');
      return { accountId: account.id, apiKey: issued.key };
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
