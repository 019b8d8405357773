import { Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import helmet from 'helmet';
import { Env } from './config/env';
import { httpMetrics } from './metrics/http-metrics.middleware';
import { MetricsService } from './metrics/metrics.service';
import { jsonBody } from './shared/http/json-body.middleware';
import { requestValidation } from './shared/http/request-validation.pipe';

/** Time to receive a whole request (headers and body). */
const REQUEST_TIMEOUT_MS = 60_000;
const HEADERS_TIMEOUT_MS = 20_000;
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export const API_DESCRIPTION = [
  'Ingestion API of the Outreach reporting platform: automation tools (Clay, n8n, Zapier, Make,',
  'sequencers) post lead, company, workspace and sender data here.',
  '',
  "Authenticate every request with your account's API key in the `x-api-key` header.",
  'Errors are JSON objects with a single `error` string (plus `request_id` on 500).',
].join('\n');

/** No client holds a connection forever: slow senders and idle keep-alives are cut off. */
function limitConnectionTime(app: NestExpressApplication): void {
  const server = app.getHttpServer() as Server;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
}

/** The application exactly as main.ts serves it; the e2e tests use this too. */
export async function createApp(env: Env): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(env), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.use(httpMetrics(app.get(MetricsService)));
  app.use(helmet());
  if (env.CORS_ORIGINS.length > 0) {
    app.enableCors({
      origin: env.CORS_ORIGINS.includes('*') ? '*' : env.CORS_ORIGINS,
      allowedHeaders: ['content-type', 'x-api-key', 'x-request-id'],
      exposedHeaders: ['x-request-id', 'retry-after'],
    });
  }
  app.use(jsonBody(env.MAX_BODY_BYTES));
  app.useGlobalPipes(requestValidation());
  app.enableShutdownHooks();
  limitConnectionTime(app);

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Outreach Ingest')
      .setVersion('1.0.0')
      .setDescription(API_DESCRIPTION)
      .addApiKey(
        { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'Account API key' },
        'api-key',
      )
      .addApiKey(
        {
          type: 'apiKey',
          in: 'header',
          name: 'x-admin-key',
          description: 'Operator key (ADMIN_API_KEY)',
        },
        'admin-key',
      )
      .addSecurityRequirements('api-key')
      .build(),
  );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });
  return app;
}
