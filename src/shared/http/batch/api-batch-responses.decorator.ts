import { applyDecorators, HttpStatus, Type } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { ErrorResponseDto } from '../error-response.dto';

/** The responses every batch ingestion operation documents. */
export function ApiBatchResponses(result: Type<unknown>): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiOkResponse({ type: result, description: 'Every item succeeded' }),
    ApiResponse({
      status: HttpStatus.MULTI_STATUS,
      type: result,
      description: 'Some items failed (listed in errors.details); the others were applied',
    }),
    ApiUnprocessableEntityResponse({
      type: result,
      description: 'Every item failed; nothing was written',
    }),
    ApiBadRequestResponse({
      type: ErrorResponseDto,
      description: 'Malformed JSON, or a body that is neither an object nor an array',
    }),
    ApiPayloadTooLargeResponse({
      type: ErrorResponseDto,
      description: 'Body over MAX_BODY_BYTES, or more items than MAX_BATCH_ITEMS',
    }),
  );
}
