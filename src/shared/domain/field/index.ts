export * from './field-error';
export * from './max-length';
export * from './patch';
export * from './read-field';
