import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ErrorResponseDto {
  @ApiProperty({
    description: 'What went wrong, in words a person can act on',
    example: 'Invalid API key',
  })
  error!: string;

  @ApiPropertyOptional({
    description: 'Present on 500 responses: quote it to support; the same id is in the server log',
    example: '5b0c3b0e-5d0f-4a51-9f0e-2f6a6f0c1d2e',
  })
  request_id?: string;
}
