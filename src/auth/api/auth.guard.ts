import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Reflector } from '@nestjs/core';
import { Request } from 'express';
import { Env } from '../../config/env';
import { ApiKeyAuthenticator } from '../application/api-key-authenticator';
import { secretsEqual } from '../domain/api-key-secret';
import { AUTH_MODE, AuthMode, RequestWithAccount } from './auth.decorators';

export const INVALID_API_KEY =
  'Invalid API key: send a valid key of your account in the x-api-key header';
export const INVALID_ADMIN_KEY =
  'Invalid admin key: send the ADMIN_API_KEY value in the x-admin-key header';

function header(request: Request, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
}

/** Global guard: every route needs an account key unless marked @Public() or @AdminOnly(). */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: ApiKeyAuthenticator,
    private readonly config: ConfigService<Env, true>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const mode =
      this.reflector.getAllAndOverride<AuthMode | undefined>(AUTH_MODE, [
        context.getHandler(),
        context.getClass(),
      ]) ?? 'account';
    const request = context.switchToHttp().getRequest<Request & RequestWithAccount>();
    switch (mode) {
      case 'public':
        return true;
      case 'admin':
        return this.checkAdmin(header(request, 'x-admin-key'));
      case 'account': {
        const account = await this.authenticator.authenticate(header(request, 'x-api-key'));
        if (!account) throw new UnauthorizedException(INVALID_API_KEY);
        request.account = account;
        return true;
      }
    }
  }

  private checkAdmin(given: string | undefined): boolean {
    const expected = this.config.get('ADMIN_API_KEY', { infer: true });
    if (!expected || given === undefined || !secretsEqual(given, expected)) {
      throw new UnauthorizedException(INVALID_ADMIN_KEY);
    }
    return true;
  }
}
