import { Injectable } from '@nestjs/common';
import { DomainError, DomainErrorCode } from '../../shared/domain/domain-error';
import { detectSenderType, normalizeSender } from '../../shared/domain/identifiers';
import { Sender, SenderCount, SenderGroupBy, SenderListFilter } from '../domain/sender';
import { decodeSenderCursor, encodeSenderCursor } from '../domain/sender-cursor';
import { SenderRepository } from '../domain/sender.repository';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

export interface SenderListQuery extends SenderListFilter {
  limit?: number;
  cursor?: string;
}

const invalid = (message: string) => new DomainError(DomainErrorCode.InvalidInput, message);

/** Reading senders: one, a filtered page, or counts per infrastructure dimension. */
@Injectable()
export class SenderQueriesService {
  constructor(private readonly senders: SenderRepository) {}

  async get(accountId: string, id: string): Promise<Sender> {
    const sender = await this.senders.findById(accountId, id);
    if (sender === null) throw DomainError.notFound('Sender');
    return sender;
  }

  async list(
    accountId: string,
    query: SenderListQuery,
  ): Promise<{ senders: Sender[]; nextCursor: string | null }> {
    if (query.unassigned && query.workspaceId !== undefined) {
      throw invalid('use either workspace_id or unassigned=true, not both');
    }
    const after = query.cursor === undefined ? null : decodeSenderCursor(query.cursor);
    if (query.cursor !== undefined && after === null) {
      throw invalid('cursor is not valid: pass the next_cursor of a previous page unchanged');
    }
    const { limit, cursor: _cursor, ...filter } = query;
    if (filter.sender !== undefined) filter.sender = canonicalSender(filter.sender);
    const page = await this.senders.list(accountId, filter, {
      limit: Math.min(limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
      after,
    });
    return {
      senders: page.senders,
      nextCursor: page.nextAfter === null ? null : encodeSenderCursor(page.nextAfter),
    };
  }

  summary(accountId: string, groupBy: SenderGroupBy): Promise<SenderCount[]> {
    return this.senders.countBy(accountId, groupBy);
  }
}

/** The same identity rules as `POST /v1/senders`, so a filter finds what ingestion stored. */
function canonicalSender(raw: string): string {
  const type = detectSenderType(raw);
  const canonical = type === null ? null : normalizeSender(raw, type);
  if (canonical === null) {
    throw invalid('sender must be an email address or a LinkedIn profile URL');
  }
  return canonical;
}
