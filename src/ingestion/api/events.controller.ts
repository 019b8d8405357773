import {
  BadRequestException,
  Body,
  Controller,
  HttpCode,
  HttpStatus,
  PayloadTooLargeException,
  Post,
  Res,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentAccount } from '../../auth/api/auth.decorators';
import { Env } from '../../config/env';
import { ErrorResponseDto } from '../../shared/http/error-response.dto';
import { IngestEventsService } from '../application/ingest-events.service';
import { EVENTS_BODY, EVENTS_OPERATION_DESCRIPTION } from './events-api.docs';
import { EventItemDto } from './event-item.dto';
import { IngestionResultDto } from './ingestion-result.dto';

@ApiTags('events')
@ApiExtraModels(EventItemDto)
@Controller('v1/events')
export class EventsController {
  constructor(
    private readonly ingestion: IngestEventsService,
    private readonly config: ConfigService<Env, true>,
  ) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Upsert lead, company, workspace and connection attributes',
    description: EVENTS_OPERATION_DESCRIPTION,
  })
  @ApiBody(EVENTS_BODY)
  @ApiOkResponse({ type: IngestionResultDto, description: 'Every item was applied' })
  @ApiResponse({
    status: HttpStatus.MULTI_STATUS,
    type: IngestionResultDto,
    description: 'Some items failed (listed in errors.details); the others were applied',
  })
  @ApiUnprocessableEntityResponse({
    type: IngestionResultDto,
    description: 'Every item failed; nothing was written',
  })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'Malformed JSON, or a body that is neither an object nor an array',
  })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Missing or invalid x-api-key' })
  @ApiPayloadTooLargeResponse({
    type: ErrorResponseDto,
    description: 'Body over MAX_BODY_BYTES or more than MAX_BATCH_ITEMS items',
  })
  async ingest(
    @CurrentAccount() accountId: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: Response,
  ): Promise<IngestionResultDto> {
    const summary = await this.ingestion.ingest(accountId, this.items(body));
    if (summary.errors.count > 0) {
      response.status(
        summary.success === 0 ? HttpStatus.UNPROCESSABLE_ENTITY : HttpStatus.MULTI_STATUS,
      );
    }
    return summary;
  }

  private items(body: unknown): unknown[] {
    if (Array.isArray(body)) {
      const max = this.config.get('MAX_BATCH_ITEMS', { infer: true });
      if (body.length > max) {
        throw new PayloadTooLargeException(
          `Too many items: the limit is ${max} items per request (MAX_BATCH_ITEMS); got ${body.length}. Split the batch`,
        );
      }
      return body;
    }
    if (typeof body === 'object' && body !== null) return [body];
    throw new BadRequestException(
      'The body must be a JSON object (one update) or a JSON array of objects',
    );
  }
}
