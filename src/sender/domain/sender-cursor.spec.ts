import { decodeSenderCursor, encodeSenderCursor } from './sender-cursor';

describe('sender cursor', () => {
  it.each(['a@x.com', 'https://www.linkedin.com/in/ünïcode-slug', 'x'.repeat(300)])(
    'round-trips %s through a URL-safe token',
    (sender) => {
      const cursor = encodeSenderCursor(sender);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeSenderCursor(cursor)).toBe(sender);
    },
  );

  it.each(['', 'not base64!', Buffer.from('a@x.com').toString('base64url'), 'czE6'])(
    'rejects %j',
    (cursor) => {
      expect(decodeSenderCursor(cursor)).toBeNull();
    },
  );
});
