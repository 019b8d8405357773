import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService } from '@nestjs/terminus';
import { Public } from '../auth/api/auth.decorators';
import { DatabaseHealthIndicator } from './database.health';

@ApiTags('operations')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: DatabaseHealthIndicator,
  ) {}

  @Get()
  @HealthCheck()
  @ApiOperation({
    summary: 'Liveness and database reachability (no API key needed)',
    description: '200 with the database up; 503 with details when it does not answer within 2 s.',
  })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer' })
  check(): Promise<HealthCheckResult> {
    return this.health.check([() => this.database.isHealthy()]);
  }
}
