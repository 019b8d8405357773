import { Module } from '@nestjs/common';
import { WorkspaceModule } from '../workspace/workspace.module';
import { EventsController } from './api/events.controller';
import { IngestEventsService } from './application/ingest-events.service';
import { IdentityLock, IdentityReader, PlanWriter, TransactionRunner } from './domain/ports';
import { SqlIdentityLock } from './infrastructure/sql-identity.lock';
import { SqlIdentityReader } from './infrastructure/sql-identity.reader';
import { SqlPlanWriter } from './infrastructure/sql-plan.writer';
import { PgTransactionRunner } from './infrastructure/pg-transaction.runner';

/** The write side: POST /v1/events. The lead and company modules serve the read side. */
@Module({
  imports: [WorkspaceModule],
  controllers: [EventsController],
  providers: [
    IngestEventsService,
    { provide: TransactionRunner, useClass: PgTransactionRunner },
    { provide: IdentityReader, useClass: SqlIdentityReader },
    { provide: PlanWriter, useClass: SqlPlanWriter },
    { provide: IdentityLock, useClass: SqlIdentityLock },
  ],
})
export class IngestionModule {}
