import { Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppModule, AppOptions } from './app.module';
import { buildOpenApiDocument } from './openapi';
import helmet from 'helmet';
import { Env } from './config/env';
import { httpMetrics } from './metrics/http-metrics.middleware';
import { MetricsService } from './metrics/metrics.service';
import { requestValidation } from './shared/http/request-validation.pipe';

/** Time to receive a whole request (headers and body). */
const REQUEST_TIMEOUT_MS = 60_000;
const HEADERS_TIMEOUT_MS = 20_000;
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** No client holds a connection forever: slow senders and idle keep-alives are cut off. */
function limitConnectionTime(app: NestExpressApplication): void {
  const server = app.getHttpServer() as Server;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
}

/**
 * Once shutdown has begun (the server no longer listens), every response closes its connection.
 * Otherwise a client that keeps sending on a keep-alive connection is served indefinitely, the
 * server never finishes closing, and shutdown only ends at main.ts's deadline (process.exit),
 * cutting off whatever is in flight then and never closing the pool.
 */
function closeConnectionsOnShutdown(app: NestExpressApplication): void {
  const server = app.getHttpServer() as Server;
  app.use(
    (
      _request: unknown,
      response: { setHeader(name: string, value: string): void },
      next: () => void,
    ) => {
      if (!server.listening) response.setHeader('Connection', 'close');
      next();
    },
  );
}

/** The application exactly as main.ts serves it; the e2e tests use this too. */
export async function createApp(
  env: Env,
  options: AppOptions = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(env, options), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  closeConnectionsOnShutdown(app);
  app.use(httpMetrics(app.get(MetricsService)));
  // No upgrade-insecure-requests: it would break Swagger UI's "Try it out" on a plain-http host.
  app.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
  if (env.CORS_ORIGINS.length > 0) {
    app.enableCors({
      origin: env.CORS_ORIGINS.includes('*') ? '*' : env.CORS_ORIGINS,
      allowedHeaders: ['content-type', 'x-api-key', 'x-request-id'],
      exposedHeaders: ['x-request-id', 'retry-after'],
    });
  }
  app.useGlobalPipes(requestValidation());
  // Exit through process.exit once the hooks ran (Nest re-raises the signal otherwise): only then
  // does pino flush the buffered log lines (shared/logging/buffered-destination.ts).
  app.enableShutdownHooks([], { useProcessExit: true });
  limitConnectionTime(app);

  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });
  return app;
}
