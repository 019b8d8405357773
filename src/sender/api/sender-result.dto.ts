import { ApiProperty } from '@nestjs/swagger';

export class SenderFieldErrorDto {
  @ApiProperty({
    description: 'What is wrong with the item',
    example: 'cannot detect sender type: sender must be an email address or a LinkedIn profile URL',
  })
  msg!: string;

  @ApiProperty({
    description: 'Kind of problem',
    enum: ['value_error', 'type_error', 'missing'],
    example: 'value_error',
  })
  type!: string;
}

export class SenderItemErrorDto {
  @ApiProperty({ description: 'Zero-based position of the failed item in the request', example: 1 })
  index!: number;

  @ApiProperty({ description: 'Every problem of the item', type: [SenderFieldErrorDto] })
  error!: SenderFieldErrorDto[];
}

export class SenderItemErrorsDto {
  @ApiProperty({ description: 'Number of failed items', example: 1 })
  count!: number;

  @ApiProperty({
    description: 'One entry per failed item, in request order',
    type: [SenderItemErrorDto],
  })
  details!: SenderItemErrorDto[];
}

export class SenderBreakdownDto {
  @ApiProperty({ description: 'Senders newly created', example: 1 })
  created!: number;

  @ApiProperty({
    description:
      'Existing senders updated; an item naming a sender an earlier item of the same request created counts here',
    example: 1,
  })
  updated!: number;

  @ApiProperty({ description: 'Senders processed (created + updated)', example: 2 })
  total!: number;
}

export class SenderUpsertResultDto {
  @ApiProperty({ description: 'Number of items processed successfully', example: 2 })
  success!: number;

  @ApiProperty({ description: 'Number of items received', example: 3 })
  total!: number;

  @ApiProperty({ description: 'Failed items', type: SenderItemErrorsDto })
  errors!: SenderItemErrorsDto;

  @ApiProperty({ description: 'What happened to the successful items', type: SenderBreakdownDto })
  breakdown!: SenderBreakdownDto;
}
