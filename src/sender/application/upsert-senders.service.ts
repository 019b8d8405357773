import { Injectable } from '@nestjs/common';
import { FieldError } from '../../shared/domain/field';
import { foldSenderItems } from '../domain/fold-sender-items';
import { SenderItem, parseSenderItem } from '../domain/parse-sender-item';
import { SenderRepository } from '../domain/sender.repository';

export interface SenderUpsertResult {
  success: number;
  total: number;
  errors: { count: number; details: { index: number; error: FieldError[] }[] };
  breakdown: { created: number; updated: number; total: number };
}

/** `POST /v1/senders`: validates every item, then writes all valid ones together (SPEC 3). */
@Injectable()
export class UpsertSendersService {
  constructor(private readonly senders: SenderRepository) {}

  async upsert(accountId: string, rawItems: readonly unknown[]): Promise<SenderUpsertResult> {
    const valid: SenderItem[] = [];
    const details: SenderUpsertResult['errors']['details'] = [];
    rawItems.forEach((raw, index) => {
      const parsed = parseSenderItem(raw);
      if (parsed.ok) valid.push(parsed.item);
      else details.push({ index, error: parsed.errors });
    });
    const writes = foldSenderItems(valid);
    const created = await this.senders.upsertMany(accountId, writes);
    return {
      success: valid.length,
      total: rawItems.length,
      errors: { count: details.length, details },
      breakdown: {
        created: created.size,
        // Every item after the one that created a sender updates it, as does every item of a
        // sender that already existed.
        updated: valid.length - created.size,
        total: valid.length,
      },
    };
  }
}
