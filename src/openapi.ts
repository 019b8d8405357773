import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ErrorResponseDto } from './shared/http/error-response.dto';

export const API_DESCRIPTION = [
  'Ingestion API of the Outreach reporting platform: automation tools (Clay, n8n, Zapier, Make,',
  'sequencers) post lead, company, workspace and sender data here.',
  '',
  "Authenticate every request with your account's API key in the `x-api-key` header.",
  'Errors are JSON objects with a single `error` string (plus `request_id` on 500).',
].join('\n');

/** Paths the rate limiter never counts (src/rate-limit/rate-limit.module.ts). */
const NOT_RATE_LIMITED = new Set(['/health', '/metrics']);

const RATE_LIMITED = {
  description:
    'Over the rate limit of this API key (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_SECONDS): retry after Retry-After seconds',
  headers: {
    'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
    'RateLimit-Limit': { description: 'Requests allowed per window', schema: { type: 'integer' } },
    'RateLimit-Remaining': {
      description: 'Requests left in this window',
      schema: { type: 'integer' },
    },
    'RateLimit-Reset': {
      description: 'Seconds until the window resets',
      schema: { type: 'integer' },
    },
  },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponseDto' } } },
};

/** Every rate-limited operation may answer 429; the guard is global, so it is added here. */
function documentRateLimit(document: OpenAPIObject): OpenAPIObject {
  for (const [path, item] of Object.entries(document.paths)) {
    if (NOT_RATE_LIMITED.has(path)) continue;
    for (const operation of Object.values(item) as { responses: Record<string, unknown> }[]) {
      operation.responses['429'] = RATE_LIMITED;
    }
  }
  return document;
}

/** The OpenAPI document of the service: served at /docs-json and written to openapi.json. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Outreach Ingest')
      .setVersion('1.0.0')
      .setDescription(API_DESCRIPTION)
      .setLicense('Proprietary', 'https://outreach-ingest.invalid/license')
      .addServer('/', 'this service')
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
    { extraModels: [ErrorResponseDto] },
  );
  return documentRateLimit(document);
}
