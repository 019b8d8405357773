import { Module } from '@nestjs/common';
import { CompaniesController } from './api/companies.controller';
import { CompaniesService } from './application/companies.service';
import { CompanyQueries } from './domain/company';
import { SqlCompanyQueries } from './infrastructure/sql-company.queries';

/** The read side of companies; they are written by POST /v1/events (IngestionModule). */
@Module({
  controllers: [CompaniesController],
  providers: [CompaniesService, { provide: CompanyQueries, useClass: SqlCompanyQueries }],
  exports: [CompanyQueries],
})
export class CompanyModule {}
