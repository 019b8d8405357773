import { AddressInfo } from 'node:net';
import { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../../../src/app.setup';
import { AccountsService } from '../../../src/auth/application/accounts.service';
import { validateEnv } from '../../../src/config/env';

/** The service in this process on `databaseUrl`, listening on a free port, with one account. */
export async function startFaultApp(
  databaseUrl: string,
  account: string,
): Promise<{ app: NestExpressApplication; baseUrl: string; key: string }> {
  const app = await createApp(
    validateEnv({
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: process.env.FAULT_LOG_LEVEL ?? 'silent',
      RATE_LIMIT_MAX: '0',
    }),
  );
  await app.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  const accounts = app.get(AccountsService);
  const { id } = await accounts.createAccount(account);
  const { key } = await accounts.issueApiKey(id, 'fault');
  return { app, baseUrl, key };
}
