import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ErrorResponseDto } from '../../shared/http/error-response.dto';
import { AccountsService } from '../application/accounts.service';
import {
  AccountDto,
  ApiKeyDto,
  CreateAccountDto,
  CreateApiKeyDto,
  IssuedApiKeyDto,
} from './admin.dto';
import { AdminOnly } from './auth.decorators';

/** Operator API: present only when ADMIN_API_KEY is set. */
@ApiTags('admin')
@ApiSecurity('admin-key')
@ApiUnauthorizedResponse({ description: 'Missing or wrong x-admin-key', type: ErrorResponseDto })
@AdminOnly()
@Controller('v1/admin')
export class AdminController {
  constructor(private readonly accounts: AccountsService) {}

  @Post('accounts')
  @ApiOperation({
    summary: 'Create an account',
    description: 'Account names are unique, case-insensitively (409 otherwise).',
  })
  @ApiCreatedResponse({ type: AccountDto, description: 'The new account' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Invalid body' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'An account of that name exists' })
  async createAccount(@Body() body: CreateAccountDto): Promise<AccountDto> {
    return AccountDto.from(await this.accounts.createAccount(body.name));
  }

  @Get('accounts')
  @ApiOperation({
    summary: 'List accounts',
    description: 'Every account, oldest first. Operator only: needs x-admin-key.',
  })
  @ApiOkResponse({ type: [AccountDto], description: 'Every account, oldest first' })
  async listAccounts(): Promise<AccountDto[]> {
    return (await this.accounts.listAccounts()).map(AccountDto.from);
  }

  @Post('accounts/:id/api-keys')
  @ApiOperation({
    summary: 'Create an API key for an account',
    description:
      'The response is the only time the key is shown; the service stores its SHA-256 hash.',
  })
  @ApiCreatedResponse({
    type: IssuedApiKeyDto,
    description: 'The new key, with its secret shown this once',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such account or key' })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'The id is not a UUID, or invalid body',
  })
  async issueKey(
    @Param('id', new ParseUUIDPipe()) accountId: string,
    @Body() body: CreateApiKeyDto,
  ): Promise<IssuedApiKeyDto> {
    return IssuedApiKeyDto.fromIssued(
      await this.accounts.issueApiKey(accountId, body.name ?? null),
    );
  }

  @Get('accounts/:id/api-keys')
  @ApiOperation({
    summary: "List an account's API keys (no secrets)",
    description:
      'Id, prefix, name, creation, last use (refreshed at most once a minute) and revocation time of every key; the keys themselves are never stored, only their SHA-256 hashes. 404 for an unknown account.',
  })
  @ApiOkResponse({ type: [ApiKeyDto], description: "The account's keys, without secrets" })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such account or key' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The id is not a UUID' })
  async listKeys(@Param('id', new ParseUUIDPipe()) accountId: string): Promise<ApiKeyDto[]> {
    return (await this.accounts.listApiKeys(accountId)).map(ApiKeyDto.from);
  }

  @Delete('api-keys/:id')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Revoke an API key',
    description: 'Takes effect on the next request. Idempotent.',
  })
  @ApiOkResponse({ type: ApiKeyDto, description: 'The revoked key' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such account or key' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The id is not a UUID' })
  async revokeKey(@Param('id', new ParseUUIDPipe()) id: string): Promise<ApiKeyDto> {
    return ApiKeyDto.from(await this.accounts.revokeApiKey(id));
  }
}
