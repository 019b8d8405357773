import { ApiProperty } from '@nestjs/swagger';

export class FieldErrorDto {
  @ApiProperty({
    description: 'What is wrong with the item, in words a person can act on',
    example:
      'workspace_id is required if any of import_name, list_source, exclusion_reason, icp is present',
  })
  msg!: string;

  @ApiProperty({
    enum: ['value_error', 'type_error', 'missing'],
    description:
      'value_error: a rule failed; type_error: wrong JSON type; missing: a required field is absent',
    example: 'value_error',
  })
  type!: string;
}

export class ItemErrorDto {
  @ApiProperty({ description: 'Zero-based position of the item in the request', example: 1 })
  index!: number;

  @ApiProperty({ type: [FieldErrorDto], description: 'Every problem of the item' })
  error!: FieldErrorDto[];
}

export class ItemErrorsDto {
  @ApiProperty({ description: 'Number of failed items', example: 1 })
  count!: number;

  @ApiProperty({ type: [ItemErrorDto], description: 'One entry per failed item, in request order' })
  details!: ItemErrorDto[];
}

/** The per-item summary both ingestion endpoints answer with (SPEC 2.3). */
export class ItemResultDto {
  @ApiProperty({ description: 'Number of items processed successfully', example: 1 })
  success!: number;

  @ApiProperty({ description: 'Number of items received', example: 2 })
  total!: number;

  @ApiProperty({ type: ItemErrorsDto, description: 'Failed items' })
  errors!: ItemErrorsDto;
}
