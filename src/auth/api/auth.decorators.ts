import {
  applyDecorators,
  createParamDecorator,
  ExecutionContext,
  SetMetadata,
} from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';
import { AuthenticatedAccount } from '../domain/account';

export type AuthMode = 'account' | 'admin' | 'public';
export const AUTH_MODE = 'auth:mode';

/** Opts a route out of the API key check (health, metrics); `security: [{}]` says so in the spec. */
export const Public = (): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(AUTH_MODE, 'public'), ApiSecurity({}));

/** The route takes the operator's `x-admin-key` instead of an account's `x-api-key`. */
export const AdminOnly = (): MethodDecorator & ClassDecorator => SetMetadata(AUTH_MODE, 'admin');

export interface RequestWithAccount {
  account?: AuthenticatedAccount;
}

/** The account the request's API key belongs to; every query of the route is scoped by it. */
export const CurrentAccount = createParamDecorator(
  (_: unknown, context: ExecutionContext): string => {
    const account = context.switchToHttp().getRequest<RequestWithAccount>().account;
    if (!account) throw new Error('CurrentAccount used on a route without account authentication');
    return account.accountId;
  },
);
