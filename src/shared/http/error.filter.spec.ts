import {
  ArgumentsHost,
  BadRequestException,
  Logger,
  ServiceUnavailableException,
} from '@nestjs/common';
import { DomainError, DomainErrorCode } from '../domain/domain-error';
import { ErrorFilter } from './error.filter';

function respond(exception: unknown): {
  status: number;
  body: unknown;
  headers: Record<string, string>;
} {
  const sent = { status: 0, body: undefined as unknown, headers: {} as Record<string, string> };
  const response = {
    status(code: number) {
      sent.status = code;
      return response;
    },
    setHeader(name: string, value: string) {
      sent.headers[name] = value;
      return response;
    },
    json(body: unknown) {
      sent.body = body;
      return response;
    },
  };
  const request = { id: 'req-42', method: 'POST', path: '/v1/events' };
  const host = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  } as unknown as ArgumentsHost;
  new ErrorFilter().catch(exception, host);
  return sent;
}

describe('ErrorFilter', () => {
  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  it('answers an unexpected error with 500, a generic message and the request id, and logs that id', () => {
    const sut = respond(new Error('secret internals at /srv/app.js:12'));
    expect(sut.status).toBe(500);
    expect(sut.body).toEqual({ error: 'Internal server error', request_id: 'req-42' });
    expect(Logger.prototype.error).toHaveBeenCalledWith(
      expect.objectContaining({ request_id: 'req-42' }),
      expect.any(String),
    );
  });

  it.each([
    [DomainErrorCode.NotFound, 404],
    [DomainErrorCode.InvalidInput, 400],
    [DomainErrorCode.Conflict, 409],
  ])('maps domain code %s to %i', (code, status) => {
    const sut = respond(new DomainError(code, 'Lead not found'));
    expect(sut).toMatchObject({ status, body: { error: 'Lead not found' } });
  });

  it('keeps the message of a 4xx HTTP exception', () => {
    expect(respond(new BadRequestException('limit must be a number'))).toMatchObject({
      status: 400,
      body: { error: 'limit must be a number' },
    });
  });

  it('answers an unreachable database with 503 and Retry-After', () => {
    const sut = respond(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    expect(sut.status).toBe(503);
    expect(sut.headers['Retry-After']).toBe('5');
    expect(sut.body).toEqual({ error: expect.stringMatching(/database is unavailable/) });
  });

  it('answers a failed health check with 503, its details and Retry-After, logged as a warning', () => {
    const details = { database: { status: 'down', message: 'connect ECONNREFUSED' } };
    const sut = respond(new ServiceUnavailableException({ status: 'error', details }));
    expect(sut.status).toBe(503);
    expect(sut.headers['Retry-After']).toBe('5');
    expect(sut.body).toEqual({ error: expect.stringMatching(/unavailable/), details });
    expect(Logger.prototype.error).not.toHaveBeenCalled();
  });
});
