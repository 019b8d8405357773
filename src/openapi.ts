import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

export const API_DESCRIPTION = [
  'Ingestion API of the Outreach reporting platform: automation tools (Clay, n8n, Zapier, Make,',
  'sequencers) post lead, company, workspace and sender data here.',
  '',
  "Authenticate every request with your account's API key in the `x-api-key` header.",
  'Errors are JSON objects with a single `error` string (plus `request_id` on 500).',
].join('\n');

/** The OpenAPI document of the service: served at /docs-json and written to openapi.json. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  return SwaggerModule.createDocument(
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
  );
}
