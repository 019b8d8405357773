import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/api/auth.decorators';
import { MetricsService } from './metrics.service';

@ApiTags('operations')
@Public()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  @ApiOperation({
    summary: 'Prometheus metrics (no API key needed)',
    description:
      'Requests by route template and status, latency histograms, ingested items by outcome and ' +
      'error type, PostgreSQL pool usage, and the Node.js process metrics. Labels never hold tenant data.',
  })
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'Prometheus text format', schema: { type: 'string' } })
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
