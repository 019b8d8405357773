import { Injectable } from '@nestjs/common';
import { DomainError, DomainErrorCode } from '../../shared/domain/domain-error';
import { EMAIL_ONLY_FIELDS } from '../domain/parse-sender-item';
import { parseSenderChange } from '../domain/parse-sender-change';
import { Sender } from '../domain/sender';
import { SenderRepository } from '../domain/sender.repository';

/** `PATCH /v1/senders/{id}`: reassignment (workspace_id, null = Unassigned) and metadata fixes. */
@Injectable()
export class UpdateSenderService {
  constructor(private readonly senders: SenderRepository) {}

  async update(accountId: string, id: string, body: unknown): Promise<Sender> {
    const parsed = parseSenderChange(body);
    if (!parsed.ok) {
      throw new DomainError(
        DomainErrorCode.InvalidInput,
        parsed.errors.map((error) => error.msg).join('; '),
      );
    }
    const current = await this.senders.findById(accountId, id);
    if (current === null) throw DomainError.notFound('Sender');
    if (current.type === 'linkedin') {
      const sent = EMAIL_ONLY_FIELDS.filter((f) => typeof parsed.item.attributes[f] === 'string');
      if (sent.length > 0) {
        throw new DomainError(
          DomainErrorCode.InvalidInput,
          `${sent.join(', ')} applies only to email senders (this sender is a LinkedIn profile URL)`,
        );
      }
    }
    const updated = await this.senders.update(accountId, id, parsed.item);
    if (updated === null) throw DomainError.notFound('Sender');
    return updated;
  }
}
