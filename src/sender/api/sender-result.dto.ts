import { ApiProperty } from '@nestjs/swagger';
import { ItemResultDto } from '../../shared/http/batch/item-result.dto';

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

export class SenderUpsertResultDto extends ItemResultDto {
  @ApiProperty({ description: 'What happened to the successful items', type: SenderBreakdownDto })
  breakdown!: SenderBreakdownDto;
}
