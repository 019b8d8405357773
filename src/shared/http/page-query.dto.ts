import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../domain/page';

export class PageQueryDto {
  @ApiPropertyOptional({
    description: `Page size, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE})`,
    example: DEFAULT_PAGE_SIZE,
    minimum: 1,
    maximum: MAX_PAGE_SIZE,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;

  @ApiPropertyOptional({
    description: 'The next_cursor of the previous page (opaque)',
    example: 'MGY4ZmFkNWItZDljYi00NjlmLWExNjUtNzA4Njc3Mjg5NTBl',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;
}
