import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../shared/http/error-response.dto';
import { AccountsService } from '../application/accounts.service';
import { AccountDto } from './admin.dto';
import { CurrentAccount } from './auth.decorators';

@ApiTags('account')
@ApiUnauthorizedResponse({
  description: 'Missing, unknown or revoked x-api-key',
  type: ErrorResponseDto,
})
@Controller('v1/account')
export class AccountController {
  constructor(private readonly accounts: AccountsService) {}

  @Get()
  @ApiOperation({
    summary: 'The account of this API key',
    description:
      'A cheap way for an integration to check that its key works and which account it writes to.',
  })
  @ApiOkResponse({ type: AccountDto, description: 'The account the key belongs to' })
  async current(@CurrentAccount() accountId: string): Promise<AccountDto> {
    return AccountDto.from(await this.accounts.getAccount(accountId));
  }
}
