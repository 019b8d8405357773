import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentAccount } from '../../auth/api/auth.decorators';
import { ErrorResponseDto } from '../../shared/http/error-response.dto';
import { CompaniesService } from '../application/companies.service';
import { CompanyDto, CompanyPageDto, ListCompaniesQueryDto } from './company.dto';

@ApiTags('companies')
@ApiUnauthorizedResponse({ description: 'Missing or invalid x-api-key', type: ErrorResponseDto })
@Controller('v1/companies')
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @Get()
  @ApiOperation({
    summary: "List the account's companies, or look one up by an identifier",
    description:
      'At most one identifier filter (without one, every company of the account); it is normalised like ingestion, so any variant of the identifier matches. Ordered by id; keyset pagination with next_cursor.',
  })
  @ApiOkResponse({
    type: CompanyPageDto,
    description: 'A page of companies and the cursor of the next page',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Invalid filter, limit or cursor' })
  async list(
    @CurrentAccount() accountId: string,
    @Query() query: ListCompaniesQueryDto,
  ): Promise<CompanyPageDto> {
    return CompanyPageDto.from(await this.companies.list(accountId, query));
  }

  @Get(':id')
  @ApiOperation({
    summary: 'One company of the account',
    description:
      'The company with its canonical identifiers, attributes and normalised name and industry. An id of another account answers 404, exactly like an id that does not exist; a malformed id answers 400.',
  })
  @ApiOkResponse({ type: CompanyDto, description: 'The company' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such company in this account' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The id is not a UUID' })
  async get(
    @CurrentAccount() accountId: string,
    @Param('id', new ParseUUIDPipe()) id: string,
  ): Promise<CompanyDto> {
    return CompanyDto.from(await this.companies.get(accountId, id));
  }
}
