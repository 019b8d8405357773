import {
  BadRequestException,
  HttpException,
  HttpStatus,
  PayloadTooLargeException,
} from '@nestjs/common';
import { json, NextFunction, Request, RequestHandler, Response } from 'express';

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

/** JSON body parsing whose failures reach the error filter as ordinary HTTP exceptions. */
export function jsonBody(limit: number): RequestHandler {
  const parse = json({ limit });
  return (request: Request, response: Response, next: NextFunction) =>
    parse(request, response, (error?: unknown) =>
      next(error === undefined ? undefined : toHttpException(error as BodyParserError, limit)),
    );
}
