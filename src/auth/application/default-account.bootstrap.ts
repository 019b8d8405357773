import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DatabaseRuntime } from '../../database/database.module';
import { AccountsService } from './accounts.service';

export const DEFAULT_ACCOUNT_NAME = 'default';

/**
 * On the embedded database (a developer's first `npm start`), an empty service would be unusable
 * without the admin API; create account `default` and show its key once.
 */
@Injectable()
export class DefaultAccountBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('FirstStart');

  constructor(
    private readonly database: DatabaseRuntime,
    private readonly accounts: AccountsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.database.isEmbedded || (await this.accounts.countAccounts()) > 0) return;
    const account = await this.accounts.findOrCreateAccount(DEFAULT_ACCOUNT_NAME);
    const issued = await this.accounts.issueApiKey(account.id, 'first start');
    // Printed on stdout on purpose, outside the JSON log: the logger never carries keys.
    process.stdout.write(
      `\n  First start: created account "${DEFAULT_ACCOUNT_NAME}".\n` +
        `  Its API key (shown only this once; send it as the x-api-key header):\n\n    ${issued.key}\n\n`,
    );
    this.logger.log(`created account "${DEFAULT_ACCOUNT_NAME}" with API key ${issued.prefix}…`);
  }
}
