import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { DataSource } from 'typeorm';

interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

interface BatchResult {
  success: number;
  errors: { count: number; details: { error: { type: string }[] }[] };
}

/** The Prometheus registry of this process and the service's own metrics. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  private readonly latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly items = new Counter({
    name: 'ingest_items_total',
    help: 'Ingested items by endpoint and outcome',
    labelNames: ['endpoint', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly itemErrors = new Counter({
    name: 'ingest_item_errors_total',
    help: 'Per-item validation errors by endpoint and error type',
    labelNames: ['endpoint', 'type'] as const,
    registers: [this.registry],
  });

  constructor(dataSource: DataSource) {
    collectDefaultMetrics({ register: this.registry });
    const pool = (): PgPool | undefined =>
      (dataSource.driver as unknown as { master?: PgPool }).master;
    const poolGauge = (name: string, help: string, read: (p: PgPool) => number): void => {
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          const current = pool();
          this.set(current ? read(current) : 0);
        },
      });
    };
    poolGauge(
      'db_pool_connections',
      'PostgreSQL connections open in the pool',
      (p) => p.totalCount,
    );
    poolGauge(
      'db_pool_idle_connections',
      'Idle PostgreSQL connections in the pool',
      (p) => p.idleCount,
    );
    poolGauge(
      'db_pool_waiting_requests',
      'Queries waiting for a pooled connection',
      (p) => p.waitingCount,
    );
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, seconds);
  }

  /** Counts the items of one ingestion response by outcome, and their errors by type. */
  observeBatch(endpoint: string, result: BatchResult): void {
    const failed = result.errors.count;
    if (result.success > 0) this.items.inc({ endpoint, outcome: 'success' }, result.success);
    if (failed > 0) this.items.inc({ endpoint, outcome: 'failed' }, failed);
    for (const detail of result.errors.details) {
      for (const problem of detail.error) this.itemErrors.inc({ endpoint, type: problem.type });
    }
  }
}
