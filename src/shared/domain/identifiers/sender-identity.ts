import { normalizeEmail } from './email';
import { normalizeLinkedinProfileUrl } from './linkedin-url';

export type SenderType = 'email' | 'linkedin';

const NORMALIZERS: Record<SenderType, (raw: string) => string | null> = {
  email: normalizeEmail,
  linkedin: normalizeLinkedinProfileUrl,
};

/** Email is tried first so that the rare value valid as both always resolves the same way. */
export function detectSenderType(raw: string): SenderType | null {
  if (normalizeEmail(raw) !== null) {
    return 'email';
  }
  return normalizeLinkedinProfileUrl(raw) !== null ? 'linkedin' : null;
}

export function normalizeSender(raw: string, type: SenderType): string | null {
  return NORMALIZERS[type](raw);
}
