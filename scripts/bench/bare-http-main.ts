/**
 * A diagnostic of the bench, never a way to run the service: the ingestion code of
 * `POST /v1/events` (the API-key check with its cache, item validation, the coalesced write),
 * taken from the service's own Nest application, behind a bare `node:http` server instead of
 * Nest's router on Express and its middleware. Phase 3 runs the same single-item load against
 * it, so every bench run shows what the HTTP stack costs per request.
 *
 * It serves `GET /health` and `POST /v1/events` with a JSON body, nothing else.
 */
import 'reflect-metadata';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { HttpException, HttpStatus } from '@nestjs/common';
import { createApp } from '../../src/app.setup';
import { INVALID_API_KEY } from '../../src/auth/api/auth.guard';
import { ApiKeyAuthenticator } from '../../src/auth/application/api-key-authenticator';
import { validateEnv } from '../../src/config/env';
import { IngestEventsService } from '../../src/ingestion/application/ingest-events.service';
import { batchItems, batchStatus } from '../../src/shared/http/batch/batch-body';

function reply(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function readBody(request: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new HttpException('Request body too large', HttpStatus.PAYLOAD_TOO_LARGE));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

async function main(): Promise<void> {
  const env = validateEnv(process.env);
  const app = await createApp(env);
  await app.init();
  const authenticator = app.get(ApiKeyAuthenticator);
  const ingestion = app.get(IngestEventsService);

  const ingest = async (request: IncomingMessage, response: ServerResponse) => {
    const key = request.headers['x-api-key'];
    const account = await authenticator.authenticate(
      typeof key === 'string' ? key.trim() : undefined,
    );
    if (!account) return reply(response, HttpStatus.UNAUTHORIZED, { error: INVALID_API_KEY });
    let body: unknown;
    try {
      body = JSON.parse(await readBody(request, env.MAX_BODY_BYTES));
    } catch (error) {
      if (error instanceof HttpException) throw error;
      throw new HttpException('Malformed JSON body', HttpStatus.BAD_REQUEST);
    }
    const summary = await ingestion.ingest(
      account.accountId,
      batchItems(body, env.MAX_BATCH_ITEMS),
    );
    reply(response, batchStatus(summary), summary);
  };

  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method === 'GET' && path === '/health') {
      return reply(response, HttpStatus.OK, { status: 'ok' });
    }
    if (request.method !== 'POST' || path !== '/v1/events') {
      return reply(response, HttpStatus.NOT_FOUND, { error: 'Not found' });
    }
    ingest(request, response).catch((error: unknown) => {
      const status =
        error instanceof HttpException ? error.getStatus() : HttpStatus.INTERNAL_SERVER_ERROR;
      if (!response.headersSent) reply(response, status, { error: String(error) });
    });
  });
  server.keepAliveTimeout = 65_000;
  process.once('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void app.close().finally(() => process.exit(0));
  });
  server.listen(env.PORT, '127.0.0.1');
}

main().catch((error: unknown) => {
  process.stderr.write(`bare-http diagnostic failed to start: ${String(error)}\n`);
  process.exit(1);
});
