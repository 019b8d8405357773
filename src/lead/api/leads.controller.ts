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
import { LeadsService } from '../application/leads.service';
import { LeadDto, LeadPageDto } from './lead.dto';
import { ListLeadsQueryDto } from './list-leads-query.dto';

@ApiTags('leads')
@ApiUnauthorizedResponse({ description: 'Missing or invalid x-api-key', type: ErrorResponseDto })
@Controller('v1/leads')
export class LeadsController {
  constructor(private readonly leads: LeadsService) {}

  @Get()
  @ApiOperation({
    summary: "List the account's leads, by an identifier or a workspace",
    description:
      'At most one filter; without one, every lead of the account. Identifier filters are normalised like ingestion (any variant of an email or LinkedIn URL finds the lead) and match every identifier value the lead was ever sent with. Ordered by id; keyset pagination: pass next_cursor as cursor until it is null.',
  })
  @ApiOkResponse({
    type: LeadPageDto,
    description: 'A page of leads and the cursor of the next page',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Invalid filter, limit or cursor' })
  async list(
    @CurrentAccount() accountId: string,
    @Query() query: ListLeadsQueryDto,
  ): Promise<LeadPageDto> {
    return LeadPageDto.from(await this.leads.list(accountId, query));
  }

  @Get(':id')
  @ApiOperation({
    summary: 'One lead of the account, with its company, workspaces and connections',
    description:
      'Identifiers in canonical form (the value of each kind sent most recently), attributes, the linked company, the per-workspace attributes and the LinkedIn connection levels per sender. An id of another account answers 404, exactly like an id that does not exist; a malformed id answers 400.',
  })
  @ApiOkResponse({
    type: LeadDto,
    description: 'The lead with its company, workspaces and connections',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such lead in this account' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The id is not a UUID' })
  async get(
    @CurrentAccount() accountId: string,
    @Param('id', new ParseUUIDPipe()) id: string,
  ): Promise<LeadDto> {
    return LeadDto.from(await this.leads.get(accountId, id));
  }
}
