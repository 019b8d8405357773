import { randomUUID } from 'node:crypto';
import { DynamicModule, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { APP_FILTER } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { DestinationStream } from 'pino';
import { AuthModule } from './auth/auth.module';
import { Env } from './config/env';
import { DatabaseModule } from './database/database.module';
import { CompanyModule } from './company/company.module';
import { HealthModule } from './health/health.module';
import { IngestionModule } from './ingestion/ingestion.module';
import { LeadModule } from './lead/lead.module';
import { MetricsModule } from './metrics/metrics.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { SenderModule } from './sender/sender.module';
import { WorkspaceModule } from './workspace/workspace.module';
import { ErrorFilter } from './shared/http/error.filter';
import { JsonBodyMiddleware } from './shared/http/json-body.middleware';
import { bufferedStdout } from './shared/logging/buffered-destination';

export interface AppOptions {
  /** Where the JSON log lines go (stdout, buffered, by default; tests capture them). */
  logStream?: DestinationStream;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

@Module({})
export class AppModule implements NestModule {
  /** The whole service for an already validated environment (see config/env.ts). */
  static forRoot(env: Env, options: AppOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot({
          isGlobal: true,
          ignoreEnvFile: true,
          skipProcessEnv: true,
          load: [() => env],
        }),
        LoggerModule.forRoot({
          pinoHttp: [
            {
              level: env.LOG_LEVEL,
              genReqId: (request, response) => {
                const given = request.headers['x-request-id'];
                const id =
                  typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
                response.setHeader('x-request-id', id);
                return id;
              },
              // Only what identifies a request: never headers (API keys) and never bodies.
              serializers: {
                req: (request: { id: string; method: string; url: string }) => ({
                  id: request.id,
                  method: request.method,
                  // The path only: query strings carry identifiers such as emails.
                  url: request.url.split('?')[0],
                }),
                res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
              },
            },
            options.logStream ?? bufferedStdout(),
          ],
        }),
        DatabaseModule,
        RateLimitModule.forRoot(env),
        AuthModule.register({ adminApi: env.ADMIN_API_KEY !== undefined }),
        HealthModule,
        MetricsModule,
        LeadModule,
        CompanyModule,
        WorkspaceModule,
        IngestionModule,
        SenderModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: ErrorFilter }],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(JsonBodyMiddleware).forRoutes('*');
  }
}
