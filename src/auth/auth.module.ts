import { DynamicModule, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_GUARD } from '@nestjs/core';
import { Env } from '../config/env';
import { ApiKeyCache } from './application/api-key-cache';
import { ApiKeyChanges } from './application/api-key-changes';
import { PgApiKeyChanges } from './infrastructure/pg-api-key-changes';
import { AccountsService } from './application/accounts.service';
import { ApiKeyAuthenticator } from './application/api-key-authenticator';
import { DefaultAccountBootstrap } from './application/default-account.bootstrap';
import { AccountController } from './api/account.controller';
import { AdminController } from './api/admin.controller';
import { AuthGuard } from './api/auth.guard';
import { AccountRepository, ApiKeyRepository } from './domain/account.repository';
import {
  TypeormAccountRepository,
  TypeormApiKeyRepository,
} from './infrastructure/typeorm-account.repository';

@Module({})
export class AuthModule {
  /** The admin routes exist only when the operator configured ADMIN_API_KEY. */
  static register(options: { adminApi: boolean; firstStartAccount?: boolean }): DynamicModule {
    return {
      module: AuthModule,
      controllers: options.adminApi ? [AccountController, AdminController] : [AccountController],
      providers: [
        { provide: AccountRepository, useClass: TypeormAccountRepository },
        { provide: ApiKeyRepository, useClass: TypeormApiKeyRepository },
        AccountsService,
        ApiKeyAuthenticator,
        {
          provide: ApiKeyCache,
          inject: [ConfigService],
          useFactory: (config: ConfigService<Env, true>) =>
            new ApiKeyCache(config.get('API_KEY_CACHE_SECONDS', { infer: true }) * 1000),
        },
        { provide: ApiKeyChanges, useClass: PgApiKeyChanges },
        ...(options.firstStartAccount === false ? [] : [DefaultAccountBootstrap]),
        { provide: APP_GUARD, useClass: AuthGuard },
      ],
      exports: [AccountsService],
    };
  }
}
