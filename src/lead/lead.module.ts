import { Module } from '@nestjs/common';
import { CompanyModule } from '../company/company.module';
import { LeadsController } from './api/leads.controller';
import { LeadsService } from './application/leads.service';
import { LeadQueries } from './domain/lead';
import { SqlLeadQueries } from './infrastructure/sql-lead.queries';

/** The read side of leads; they are written by POST /v1/events (IngestionModule). */
@Module({
  imports: [CompanyModule],
  controllers: [LeadsController],
  providers: [LeadsService, { provide: LeadQueries, useClass: SqlLeadQueries }],
})
export class LeadModule {}
