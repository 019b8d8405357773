/** Stable codes of the errors the domain and application layers raise; HTTP mapping is the filter's job. */
export enum DomainErrorCode {
  NotFound = 'not_found',
  InvalidInput = 'invalid_input',
  Conflict = 'conflict',
}

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static notFound(what: string): DomainError {
    return new DomainError(DomainErrorCode.NotFound, `${what} not found`);
  }
}
