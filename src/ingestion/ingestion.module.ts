import { Module } from '@nestjs/common';
import { WorkspaceModule } from '../workspace/workspace.module';
import { EventsController } from './api/events.controller';
import { IngestEventsService } from './application/ingest-events.service';
import { CompanyWriter, IdentityLock, LeadWriter, TransactionRunner } from './domain/ports';
import { SqlCompanyWriter } from './infrastructure/sql-company.writer';
import { SqlIdentityLock } from './infrastructure/sql-identity.lock';
import { SqlLeadWriter } from './infrastructure/sql-lead.writer';
import { TypeormTransactionRunner } from './infrastructure/typeorm-transaction.runner';

/** The write side: POST /v1/events. The lead and company modules serve the read side. */
@Module({
  imports: [WorkspaceModule],
  controllers: [EventsController],
  providers: [
    IngestEventsService,
    { provide: TransactionRunner, useClass: TypeormTransactionRunner },
    { provide: CompanyWriter, useClass: SqlCompanyWriter },
    { provide: LeadWriter, useClass: SqlLeadWriter },
    { provide: IdentityLock, useClass: SqlIdentityLock },
  ],
})
export class IngestionModule {}
