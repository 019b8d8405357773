import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Account, ApiKey } from '../domain/account';
import { IssuedApiKey } from '../application/accounts.service';

const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

export class CreateAccountDto {
  @ApiProperty({
    description: 'Account name, unique (case-insensitive)',
    example: 'Acme Growth Team',
    minLength: 1,
    maxLength: 200,
  })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name!: string;
}

export class CreateApiKeyDto {
  @ApiPropertyOptional({
    description: 'A label to tell keys apart',
    example: 'clay production',
    maxLength: 200,
  })
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;
}

export class AccountDto {
  @ApiProperty({ format: 'uuid', example: '0f8fad5b-d9cb-469f-a165-70867728950e' })
  id!: string;

  @ApiProperty({ example: 'Acme Growth Team' })
  name!: string;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  static from(account: Account): AccountDto {
    return { id: account.id, name: account.name, created_at: account.createdAt.toISOString() };
  }
}

export class ApiKeyDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  account_id!: string;

  @ApiProperty({
    description: 'The first characters of the key, to recognise it',
    example: 'oik_Xb3kPq9Z',
  })
  prefix!: string;

  @ApiProperty({ nullable: true, type: String, example: 'clay production' })
  name!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'Refreshed at most once a minute',
  })
  last_used_at!: string | null;

  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  revoked_at!: string | null;

  static from(key: ApiKey): ApiKeyDto {
    return {
      id: key.id,
      account_id: key.accountId,
      prefix: key.prefix,
      name: key.name,
      created_at: key.createdAt.toISOString(),
      last_used_at: key.lastUsedAt?.toISOString() ?? null,
      revoked_at: key.revokedAt?.toISOString() ?? null,
    };
  }
}

export class IssuedApiKeyDto extends ApiKeyDto {
  @ApiProperty({
    description: 'The API key. Shown only in this response: store it now; only its hash is kept.',
    example: 'oik_Xb3kPq9Zr0c1w5mJ2yQ8dT4vN7hL6sA1eF3gH5jK9',
  })
  key!: string;

  static fromIssued(issued: IssuedApiKey): IssuedApiKeyDto {
    return { ...ApiKeyDto.from(issued), key: issued.key };
  }
}
