import { Body, Controller, HttpCode, HttpStatus, Post, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import {
  ApiBody,
  ApiExtraModels,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentAccount } from '../../auth/api/auth.decorators';
import { Env } from '../../config/env';
import { MetricsService } from '../../metrics/metrics.service';
import { ApiBatchResponses } from '../../shared/http/batch/api-batch-responses.decorator';
import { batchItems, batchStatus } from '../../shared/http/batch/batch-body';
import { ItemResultDto } from '../../shared/http/batch/item-result.dto';
import { ErrorResponseDto } from '../../shared/http/error-response.dto';
import { IngestEventsService } from '../application/ingest-events.service';
import { EVENTS_BODY, EVENTS_OPERATION_DESCRIPTION } from './events-api.docs';
import { EventItemDto } from './event-item.dto';

@ApiTags('events')
@ApiExtraModels(EventItemDto)
@Controller('v1/events')
export class EventsController {
  constructor(
    private readonly ingestion: IngestEventsService,
    private readonly config: ConfigService<Env, true>,
    private readonly metrics: MetricsService,
  ) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Upsert lead, company, workspace and connection attributes',
    description: EVENTS_OPERATION_DESCRIPTION,
  })
  @ApiBody(EVENTS_BODY)
  @ApiBatchResponses(ItemResultDto)
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Missing or invalid x-api-key' })
  async ingest(
    @CurrentAccount() accountId: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ItemResultDto> {
    const items = batchItems(body, this.config.get('MAX_BATCH_ITEMS', { infer: true }));
    const summary = await this.ingestion.ingest(accountId, items);
    this.metrics.observeBatch('events', summary);
    response.status(batchStatus(summary));
    return summary;
  }
}
