/**
 * HTTP clients of the bench: a keep-alive client for batches (every response checked) and the
 * autocannon run of single-item requests.
 */
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { BenchError } from './service';

/** The part of the result summary (SPEC 2.3) the bench checks. */
interface ResultSummary {
  success?: number;
  total?: number;
  errors?: { count?: number; details?: unknown[] };
  breakdown?: { created?: number; updated?: number; total?: number };
}

export interface Expectation {
  items: number;
  /** For senders: how many of the items must be new identities. */
  created?: number;
}

export class ApiClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 8 });

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  /** POSTs a JSON body; resolves with the status and the whole response text. */
  post(path: string, body: Buffer): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const req = request(
        `${this.baseUrl}${path}`,
        {
          method: 'POST',
          agent: this.agent,
          headers: {
            'content-type': 'application/json',
            'content-length': body.length,
            'x-api-key': this.apiKey,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          response.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** POSTs and aborts the bench unless every item was applied (and, for senders, counted right). */
  async postAll(path: string, body: Buffer, expected: Expectation): Promise<void> {
    const { status, text } = await this.post(path, body);
    const problem = checkSummary(status, text, expected);
    if (problem) throw new BenchError(`POST ${path} with ${expected.items} items: ${problem}`);
  }

  close(): void {
    this.agent.destroy();
  }
}

export function checkSummary(status: number, text: string, expected: Expectation): string | null {
  let summary: ResultSummary;
  try {
    summary = JSON.parse(text) as ResultSummary;
  } catch {
    return `HTTP ${status} with a body that is not JSON: ${text.slice(0, 300)}`;
  }
  if (summary.success === undefined) return `HTTP ${status}: ${text.slice(0, 300)}`;
  if (status !== 200 || summary.success !== expected.items || summary.total !== expected.items) {
    const firstError = JSON.stringify(summary.errors?.details?.[0] ?? summary).slice(0, 500);
    return `HTTP ${status}, success ${summary.success} of total ${summary.total} (expected ${expected.items}); first error: ${firstError}`;
  }
  if (expected.created !== undefined) {
    const { created, updated } = summary.breakdown ?? {};
    const updates = expected.items - expected.created;
    if (created !== expected.created || updated !== updates) {
      return `breakdown created ${created} / updated ${updated}, expected ${expected.created} / ${updates}`;
    }
  }
  return null;
}

export interface SingleItemResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  /** Connection errors, timeouts and 2xx responses whose summary is wrong. */
  failures: number;
  firstFailure?: string;
}

/**
 * `connections` clients, each posting one item per request for `seconds`; `nextBody` gives every
 * request its own item.
 */
export function runSingleItemLoad(options: {
  baseUrl: string;
  apiKey: string;
  connections: number;
  seconds: number;
  nextBody: () => string;
}): Promise<SingleItemResult> {
  let wrong = 0;
  let firstFailure: string | undefined;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.baseUrl,
        connections: options.connections,
        duration: options.seconds,
        timeout: 10,
        headers: { 'content-type': 'application/json', 'x-api-key': options.apiKey },
        requests: [
          {
            method: 'POST',
            path: '/v1/events',
            setupRequest: (req) => ({ ...req, body: options.nextBody() }),
            onResponse: (status, body) => {
              const problem = checkSummary(status, body, { items: 1 });
              if (problem && status >= 200 && status < 300) wrong++;
              if (problem) firstFailure ??= problem;
            },
          },
        ],
      },
      (error: unknown, result: autocannon.Result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        resolve({
          requestsPerSecond: result['2xx'] / result.duration,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          requests: result.requests.total,
          non2xx: result.non2xx,
          failures: wrong + result.errors + result.timeouts,
          firstFailure,
        });
      },
    );
    instance.on('reqError', (error: unknown) => {
      firstFailure ??= `request error: ${error instanceof Error ? error.message : String(error)}`;
    });
  });
}
