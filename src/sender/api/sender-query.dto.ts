import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../application/sender-queries.service';
import { SENDER_FIELD_MAX_LENGTHS, SENDER_TYPES } from '../domain/parse-sender-item';
import { SENDER_GROUP_BY } from '../domain/sender';
import type { SenderGroupBy } from '../domain/sender';

export class ListSendersQueryDto {
  @ApiPropertyOptional({
    description: 'Exactly this sender, normalised like ingestion (case and URL form do not matter)',
    example: 'anna@outreach-mail.com',
  })
  @IsOptional()
  @IsString()
  @MaxLength(SENDER_FIELD_MAX_LENGTHS.sender)
  sender?: string;

  @ApiPropertyOptional({ description: 'Only senders of this workspace', example: 'ws_acme_eu' })
  @IsOptional()
  @IsString()
  @MaxLength(SENDER_FIELD_MAX_LENGTHS.workspace_id)
  workspace_id?: string;

  @ApiPropertyOptional({
    description: 'true: only Unassigned Senders (cannot be combined with workspace_id)',
    enum: ['true', 'false'],
    example: 'true',
  })
  @IsOptional()
  @IsIn(['true', 'false'])
  unassigned?: 'true' | 'false';

  @ApiPropertyOptional({
    description: 'Only senders of this kind',
    enum: SENDER_TYPES,
    example: 'email',
  })
  @IsOptional()
  @IsIn(SENDER_TYPES)
  type?: (typeof SENDER_TYPES)[number];

  @ApiPropertyOptional({
    description: `Page size, default ${DEFAULT_PAGE_SIZE}`,
    minimum: 1,
    maximum: MAX_PAGE_SIZE,
    example: DEFAULT_PAGE_SIZE,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;

  @ApiPropertyOptional({
    description: 'next_cursor of the previous page (opaque)',
    example: 'czE6YW5uYUBvdXRyZWFjaC1tYWlsLmNvbQ',
  })
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  cursor?: string;
}

export class SenderSummaryQueryDto {
  @ApiProperty({
    description: 'The dimension to count senders by',
    enum: SENDER_GROUP_BY,
    example: 'email_reseller',
  })
  @IsIn(SENDER_GROUP_BY)
  group_by!: SenderGroupBy;
}
