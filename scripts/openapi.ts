import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { writeFileSync } from 'node:fs';
import { AppModule } from '../src/app.module';
import { validateEnv } from '../src/config/env';
import { buildOpenApiDocument } from '../src/openapi';

/**
 * `npm run openapi`: writes the OpenAPI document to openapi.json (or stdout with `-`). Nest's
 * preview mode builds the module graph without running providers, so no database is needed.
 * Admin routes are included: the document describes every route the service can have.
 */
export async function renderOpenApi(): Promise<string> {
  const env = validateEnv({ LOG_LEVEL: 'silent', ADMIN_API_KEY: 'x'.repeat(32) });
  const app = await NestFactory.create(AppModule.forRoot(env), { preview: true, logger: false });
  try {
    return JSON.stringify(buildOpenApiDocument(app), null, 2) + '\n';
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  const target = process.argv[2] ?? 'openapi.json';
  renderOpenApi()
    .then((text) => (target === '-' ? process.stdout.write(text) : writeFileSync(target, text)))
    .catch((error: unknown) => {
      process.stderr.write(
        `openapi failed: ${error instanceof Error ? error.stack : String(error)}\n`,
      );
      process.exit(1);
    });
}
