import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Json = Record<string, unknown>;
interface Operation {
  key: string;
  method: string;
  pattern: RegExp;
  literalSegments: number;
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
}

/** What a response looked like on the wire; `body` is parsed JSON, `text` the raw body. */
export interface ObservedResponse {
  method: string;
  url: string;
  status: number;
  contentType: string;
  body: unknown;
  text: string;
}

export const OPENAPI_PATH = join(__dirname, '..', '..', 'openapi.json');
const SCHEMA_ID = 'openapi.json';

/**
 * OAS 3.0 schema → JSON Schema as ajv reads it: `nullable` becomes "or null", and an object that
 * lists its properties is closed, so a field the document does not declare fails the check.
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const { nullable, example: _example, ...rest } = node as Json;
  const converted: Json = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [
      key,
      key === 'properties' ? mapValues(value, toJsonSchema) : toJsonSchema(value),
    ]),
  );
  if (converted.properties && converted.additionalProperties === undefined)
    converted.additionalProperties = false;
  return nullable === true ? { anyOf: [converted, { type: 'null' }] } : converted;
}

function mapValues(value: unknown, map: (v: unknown) => unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, map(v)]));
}

/** Checks real responses against openapi.json and records which operations and statuses were seen. */
export class OpenApiValidator {
  readonly document: Json = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8'));
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly operations: Operation[];
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly seen = new Set<string>();

  constructor() {
    addFormats(this.ajv);
    const components = (this.document.components as Json).schemas;
    this.ajv.addSchema({
      $id: SCHEMA_ID,
      components: { schemas: mapValues(components, toJsonSchema) },
    });
    this.operations = Object.entries(this.document.paths as Record<string, Json>)
      .flatMap(([template, methods]) =>
        Object.entries(methods as Record<string, Json>).map(([method, operation]) => ({
          key: `${method.toUpperCase()} ${template}`,
          method: method.toUpperCase(),
          pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
          literalSegments: template.split('/').filter((s) => s && !s.startsWith('{')).length,
          responses: operation.responses as Operation['responses'],
        })),
      )
      // /v1/senders/summary must win over /v1/senders/{id}.
      .sort((a, b) => b.literalSegments - a.literalSegments);
  }

  /** Every documented "METHOD /template STATUS". */
  documented(): string[] {
    return this.operations.flatMap((o) => Object.keys(o.responses).map((s) => `${o.key} ${s}`));
  }

  operationKeys(): string[] {
    return this.operations.map((o) => o.key);
  }

  exercised(): string[] {
    return [...this.seen];
  }

  /** The ways a response breaks the document; empty when it conforms. */
  problems(response: ObservedResponse): string[] {
    const path = new URL(response.url, 'http://service').pathname;
    const method = response.method.toUpperCase();
    const operation = this.operations.find((o) => o.method === method && o.pattern.test(path));
    if (!operation) return [`${method} ${path}: no such operation in openapi.json`];
    const where = `${operation.key} → ${response.status}`;
    const documented = operation.responses[String(response.status)];
    if (!documented) return [`${where}: status not documented`];
    this.seen.add(`${operation.key} ${response.status}`);
    const mediaType = response.contentType.split(';')[0].trim();
    const content = documented.content ?? {};
    if (Object.keys(content).length === 0) return [];
    if (!content[mediaType])
      return [`${where}: content-type ${mediaType} not documented (${Object.keys(content)})`];
    const validate = this.validatorFor(
      `${operation.key} ${response.status} ${mediaType}`,
      content[mediaType].schema,
    );
    const body = mediaType === 'application/json' ? response.body : response.text;
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (e) => `${where}: body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
    );
  }

  private validatorFor(key: string, schema: Json | undefined): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      const resolved = JSON.parse(
        JSON.stringify(toJsonSchema(schema ?? {})).replace(
          /"#\/components\//g,
          `"${SCHEMA_ID}#/components/`,
        ),
      );
      validate = this.ajv.compile(resolved);
      this.compiled.set(key, validate);
    }
    return validate;
  }
}
