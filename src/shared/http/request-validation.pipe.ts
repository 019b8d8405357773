import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

function messages(errors: ValidationError[], path = ''): string[] {
  return errors.flatMap((error) => {
    const field = path ? `${path}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {});
    return [...own, ...messages(error.children ?? [], field)];
  });
}

/**
 * Validation of the class-validator DTOs (admin API, query strings, PATCH bodies). The ingestion
 * bodies are not DTO classes: their per-item rules live in the domain parsers.
 */
export function requestValidation(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: false,
    exceptionFactory: (errors) => new BadRequestException(messages(errors).join('; ')),
  });
}
