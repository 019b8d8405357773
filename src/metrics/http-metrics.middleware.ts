import { NextFunction, Request, RequestHandler, Response } from 'express';
import { MetricsService } from './metrics.service';

/** Times every request and labels it by route template (never the raw URL: ids would explode the series). */
export function httpMetrics(metrics: MetricsService): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    response.once('finish', () => {
      const route = (request.route as { path?: string } | undefined)?.path ?? 'unmatched';
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observeRequest(request.method, route, response.statusCode, seconds);
    });
    next();
  };
}
