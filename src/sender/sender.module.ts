import { Module } from '@nestjs/common';
import { WorkspaceModule } from '../workspace/workspace.module';
import { SendersController } from './api/senders.controller';
import { SenderQueriesService } from './application/sender-queries.service';
import { UpdateSenderService } from './application/update-sender.service';
import { UpsertSendersService } from './application/upsert-senders.service';
import { SenderRepository } from './domain/sender.repository';
import { SqlSenderRepository } from './infrastructure/sql-sender.repository';

@Module({
  imports: [WorkspaceModule],
  controllers: [SendersController],
  providers: [
    { provide: SenderRepository, useClass: SqlSenderRepository },
    UpsertSendersService,
    SenderQueriesService,
    UpdateSenderService,
  ],
})
export class SenderModule {}
