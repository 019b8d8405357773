import {
  BadRequestException,
  HttpException,
  HttpStatus,
  Injectable,
  NestMiddleware,
  PayloadTooLargeException,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { json, NextFunction, Request, RequestHandler, Response } from 'express';
import { Env } from '../../config/env';

interface BodyParserError {
  type?: string;
  status?: number;
  limit?: number;
}

/** body-parser's errors, reworded into messages an integrator can act on. */
function toHttpException(error: BodyParserError, limit: number): HttpException {
  switch (error.type) {
    case 'entity.parse.failed':
      return new BadRequestException('Malformed JSON body: the request body is not valid JSON');
    case 'entity.too.large':
      return new PayloadTooLargeException(
        `Request body too large: the limit is ${limit} bytes (MAX_BODY_BYTES); split the batch`,
      );
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpException(
        'Unsupported body encoding: send UTF-8 JSON',
        HttpStatus.UNSUPPORTED_MEDIA_TYPE,
      );
    case 'request.aborted':
      return new BadRequestException('The request was aborted while its body was being read');
    default:
      return new BadRequestException('The request body could not be read');
  }
}

const JSON_TYPE = /^application\/(.+\+)?json$/i;

function hasBody(request: Request): boolean {
  return (
    request.headers['transfer-encoding'] !== undefined ||
    Number(request.headers['content-length'] ?? 0) > 0
  );
}

/**
 * JSON body parsing whose failures reach the error filter as ordinary HTTP exceptions. A body of
 * another media type is refused (415) rather than silently read as empty.
 */
export function jsonBody(limit: number): RequestHandler {
  const parse = json({ limit, type: (request) => JSON_TYPE.test(mediaType(request as Request)) });
  return (request: Request, response: Response, next: NextFunction) => {
    if (hasBody(request) && !JSON_TYPE.test(mediaType(request))) {
      next(
        new HttpException(
          `Unsupported Content-Type "${mediaType(request) || '(none)'}": send the body as application/json`,
          HttpStatus.UNSUPPORTED_MEDIA_TYPE,
        ),
      );
      return;
    }
    parse(request, response, (error?: unknown) =>
      next(error === undefined ? undefined : toHttpException(error as BodyParserError, limit)),
    );
  };
}

function mediaType(request: Request): string {
  return (request.headers['content-type'] ?? '').split(';')[0].trim();
}

/**
 * The parser as Nest middleware, so that it runs after the request logger: a malformed body is
 * then logged, with its request id, like every other request.
 */
@Injectable()
export class JsonBodyMiddleware implements NestMiddleware {
  private readonly handler: RequestHandler;

  constructor(config: ConfigService<Env, true>) {
    this.handler = jsonBody(config.get('MAX_BODY_BYTES', { infer: true }));
  }

  use(request: Request, response: Response, next: NextFunction): void {
    this.handler(request, response, next);
  }
}
