import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentAccount } from '../../auth/api/auth.decorators';
import { Env } from '../../config/env';
import { MetricsService } from '../../metrics/metrics.service';
import { ApiBatchResponses } from '../../shared/http/batch/api-batch-responses.decorator';
import { batchItems, batchStatus } from '../../shared/http/batch/batch-body';
import { ErrorResponseDto } from '../../shared/http/error-response.dto';
import { SenderQueriesService } from '../application/sender-queries.service';
import { UpdateSenderService } from '../application/update-sender.service';
import { UpsertSendersService } from '../application/upsert-senders.service';
import { SenderDto, SenderListDto, SenderSummaryDto } from './sender.dto';
import { ListSendersQueryDto, SenderSummaryQueryDto } from './sender-query.dto';
import { SenderInputDto, UpdateSenderDto } from './sender-request.dto';
import { SenderUpsertResultDto } from './sender-result.dto';
import { UPSERT_DESCRIPTION, UPSERT_EXAMPLES } from './senders.openapi';

const SENDER_ID = new ParseUUIDPipe({ version: undefined });

@ApiTags('senders')
@ApiUnauthorizedResponse({ description: 'Missing or invalid x-api-key', type: ErrorResponseDto })
@ApiExtraModels(SenderInputDto)
@Controller('v1/senders')
export class SendersController {
  constructor(
    private readonly upserts: UpsertSendersService,
    private readonly queries: SenderQueriesService,
    private readonly updates: UpdateSenderService,
    private readonly config: ConfigService<Env, true>,
    private readonly metrics: MetricsService,
  ) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Create or update senders (one object or an array)',
    description: UPSERT_DESCRIPTION,
  })
  @ApiBody({
    schema: {
      oneOf: [
        { $ref: getSchemaPath(SenderInputDto) },
        { type: 'array', items: { $ref: getSchemaPath(SenderInputDto) } },
      ],
    },
    examples: UPSERT_EXAMPLES,
  })
  @ApiBatchResponses(SenderUpsertResultDto)
  async upsert(
    @CurrentAccount() accountId: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SenderUpsertResultDto> {
    const items = batchItems(body, this.config.get('MAX_BATCH_ITEMS', { infer: true }));
    const result = await this.upserts.upsert(accountId, items);
    this.metrics.observeBatch('senders', result);
    response.status(batchStatus(result));
    return result;
  }

  @Get()
  @ApiOperation({
    summary: 'List senders',
    description: 'Keyset-paginated, ordered by sender. Filters combine with AND.',
  })
  @ApiOkResponse({
    type: SenderListDto,
    description: 'A page of senders and the cursor of the next page',
  })
  @ApiBadRequestResponse({ description: 'Invalid filter or cursor', type: ErrorResponseDto })
  async list(
    @CurrentAccount() accountId: string,
    @Query() query: ListSendersQueryDto,
  ): Promise<SenderListDto> {
    const page = await this.queries.list(accountId, {
      sender: query.sender,
      workspaceId: query.workspace_id,
      unassigned: query.unassigned === 'true',
      type: query.type,
      limit: query.limit,
      cursor: query.cursor,
    });
    return { data: page.senders.map(SenderDto.from), next_cursor: page.nextCursor };
  }

  @Get('summary')
  @ApiOperation({
    summary: 'Count senders per infrastructure dimension',
    description:
      'Counts of the account’s senders per value of group_by, largest first. value null means not set; for workspace_id it is Unassigned Senders.',
  })
  @ApiOkResponse({
    type: SenderSummaryDto,
    description: 'Sender counts per value of the chosen dimension',
  })
  @ApiBadRequestResponse({ description: 'Missing or unknown group_by', type: ErrorResponseDto })
  async summary(
    @CurrentAccount() accountId: string,
    @Query() query: SenderSummaryQueryDto,
  ): Promise<SenderSummaryDto> {
    const data = await this.queries.summary(accountId, query.group_by);
    const total = data.reduce((sum, row) => sum + row.count, 0);
    return { group_by: query.group_by, total, data };
  }

  @Get(':id')
  @ApiOperation({
    summary: 'One sender',
    description:
      'The sender with its type, workspace (null = Unassigned Senders), infrastructure metadata and email domain. An id of another account answers 404, exactly like an id that does not exist; a malformed id answers 400.',
  })
  @ApiOkResponse({ type: SenderDto, description: 'The sender' })
  @ApiBadRequestResponse({ description: 'id is not a UUID', type: ErrorResponseDto })
  @ApiNotFoundResponse({ description: 'No such sender in this account', type: ErrorResponseDto })
  async get(
    @CurrentAccount() accountId: string,
    @Param('id', SENDER_ID) id: string,
  ): Promise<SenderDto> {
    return SenderDto.from(await this.queries.get(accountId, id));
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Reassign a sender or fix its metadata',
    description:
      'Send workspace_id to move the sender (the workspace is created on first use), null to move it back to Unassigned Senders. sender_name, email_server and email_reseller follow the POST rules ("" = unchanged, null = clear); email_server/email_reseller on a LinkedIn sender are rejected. Other fields (sender, type) cannot be changed: a sender is identified by its address.',
  })
  @ApiBody({
    type: UpdateSenderDto,
    examples: {
      reassign: { value: { workspace_id: 'ws_acme_us' } },
      unassign: { value: { workspace_id: null } },
      metadata: { value: { email_reseller: 'premium_inboxes', sender_name: 'Anna S.' } },
    },
  })
  @ApiOkResponse({ description: 'The sender after the change', type: SenderDto })
  @ApiBadRequestResponse({
    description: 'Invalid id or body (the message lists every problem)',
    type: ErrorResponseDto,
  })
  @ApiNotFoundResponse({ description: 'No such sender in this account', type: ErrorResponseDto })
  async update(
    @CurrentAccount() accountId: string,
    @Param('id', SENDER_ID) id: string,
    @Body() body: unknown,
  ): Promise<SenderDto> {
    return SenderDto.from(await this.updates.update(accountId, id, body));
  }
}
