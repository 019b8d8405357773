import { Module } from '@nestjs/common';
import { WorkspaceRepository } from './domain/workspace.repository';
import { SqlWorkspaceRepository } from './infrastructure/sql-workspace.repository';

/** Workspaces are created on first use by the ingestion endpoints; other modules resolve them here. */
@Module({
  providers: [{ provide: WorkspaceRepository, useClass: SqlWorkspaceRepository }],
  exports: [WorkspaceRepository],
})
export class WorkspaceModule {}
