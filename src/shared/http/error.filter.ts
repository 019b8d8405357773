import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
  ServiceUnavailableException,
} from '@nestjs/common';
import { Request, Response } from 'express';
import { DomainError, DomainErrorCode } from '../domain/domain-error';
import { assertUnreachable } from './assert-unreachable';
import { isDatabaseUnavailable } from './database-unavailable';

/** Seconds a client should wait before retrying after a 503. */
const RETRY_AFTER_SECONDS = 5;

function domainStatus(code: DomainErrorCode): HttpStatus {
  switch (code) {
    case DomainErrorCode.NotFound:
      return HttpStatus.NOT_FOUND;
    case DomainErrorCode.InvalidInput:
      return HttpStatus.BAD_REQUEST;
    case DomainErrorCode.Conflict:
      return HttpStatus.CONFLICT;
    default:
      return assertUnreachable(code);
  }
}

function httpMessage(exception: HttpException): string {
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown; error?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  if (typeof message === 'string') return message;
  return exception.message;
}

/**
 * The one place errors become HTTP responses. Every body is `{ error }` JSON; unexpected errors
 * are logged with the request id and answered with that id, never with a stack trace.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger(ErrorFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const request = context.getRequest<Request & { id?: string }>();
    const response = context.getResponse<Response>();
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn({ request_id: request.id, err: exception }, 'database unavailable');
      response
        .status(HttpStatus.SERVICE_UNAVAILABLE)
        .setHeader('Retry-After', String(RETRY_AFTER_SECONDS))
        // Each request is one transaction: it was applied completely or not at all (a COMMIT
        // already on its way when the database froze may have landed), and a retry is harmless.
        .json({
          error:
            'The database is unavailable: the request was applied completely or not at all; retry it shortly (retrying is safe)',
        });
      return;
    }
    if (exception instanceof ServiceUnavailableException) {
      // A failed /health check (Terminus) is an expected state during an outage, not a bug: keep
      // its per-dependency details instead of logging and answering it as an internal error.
      this.logger.warn({ request_id: request.id }, `service unavailable on ${request.path}`);
      const body = exception.getResponse() as { details?: unknown };
      response
        .status(HttpStatus.SERVICE_UNAVAILABLE)
        .setHeader('Retry-After', String(RETRY_AFTER_SECONDS))
        .json({
          error: 'Service unavailable: a dependency does not answer',
          details: body.details,
        });
      return;
    }
    const { status, error } = this.describe(exception, request);
    if (status >= 500) {
      this.logger.error(
        { err: exception, request_id: request.id },
        `unexpected error on ${request.method} ${request.path}`,
      );
      response.status(status).json({ error, request_id: request.id });
      return;
    }
    response.status(status).json({ error });
  }

  private describe(exception: unknown, request: Request): { status: number; error: string } {
    if (exception instanceof DomainError) {
      return { status: domainStatus(exception.code), error: exception.message };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === HttpStatus.NOT_FOUND && exception.constructor.name === 'NotFoundException') {
        const routeMissing = /^Cannot (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)/.test(
          exception.message,
        );
        if (routeMissing) return { status, error: `No route ${request.method} ${request.path}` };
      }
      return { status, error: status >= 500 ? 'Internal server error' : httpMessage(exception) };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, error: 'Internal server error' };
  }
}
