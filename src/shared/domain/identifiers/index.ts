// Contract of the identifier normalisers (pure functions, no Nest/TypeORM imports).
// Each returns the canonical form, or null when the input is not a valid value of its kind.
// Implementations live in the sibling files; this file only re-exports them.
export * from './email';
export * from './linkedin-url';
export * from './company-domain';
export * from './unified-id';
export * from './company-name';
export * from './sender-identity';
