import { detectSenderType, normalizeSender, SenderType } from './sender-identity';

describe('detectSenderType', () => {
  it.each<[string, SenderType | null]>([
    ['Sender@Example.com', 'email'],
    ['linkedin.com/in/jane-doe', 'linkedin'],
    ['https://uk.linkedin.com/in/Jane-Doe/', 'linkedin'],
    ['https://www.linkedin.com/company/acme', null],
    ['jane', null],
    ['', null],
  ])('detects %j as %j', (raw, expected) => {
    expect(detectSenderType(raw)).toBe(expected);
  });
});

describe('normalizeSender', () => {
  it.each<[string, SenderType, string | null]>([
    [' Sender@Example.com ', 'email', 'sender@example.com'],
    ['http://m.linkedin.com/in/Jane-Doe?trk=x', 'linkedin', 'https://www.linkedin.com/in/jane-doe'],
    ['Sender@Example.com', 'linkedin', null],
    ['https://www.linkedin.com/in/jane-doe', 'email', null],
  ])('normalises %j as %s to %j', (raw, type, expected) => {
    expect(normalizeSender(raw, type)).toBe(expected);
  });
});
