const PREFIX = 's1:';

/** An opaque keyset cursor: the last sender of a page (versioned so the format can change). */
export function encodeSenderCursor(after: string): string {
  return Buffer.from(PREFIX + after, 'utf8').toString('base64url');
}

/** The sender to continue after, or null when the cursor was not issued by this API. */
export function decodeSenderCursor(cursor: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  return text.startsWith(PREFIX) && text.length > PREFIX.length ? text.slice(PREFIX.length) : null;
}
