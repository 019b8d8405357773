import { isDatabaseUnavailable } from './database-unavailable';

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'connection refused',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    [
      'server shutdown',
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    ],
    [
      'wrapped by TypeORM',
      { message: 'Query failed', driverError: { code: '57P03', message: 'starting up' } },
    ],
    ['terminated connection', new Error('Connection terminated unexpectedly')],
    [
      'a transaction whose connection broke (TypeORM released its query runner)',
      new Error('Query runner already released. Cannot run queries anymore.'),
    ],
    [
      'a statement on a released query runner',
      new Error(
        'Database connection provided by a query runner was already released, cannot continue to use its querying methods anymore.',
      ),
    ],
  ])('recognises %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', { message: 'duplicate key', driverError: { code: '23505' } }],
    ['a programming error', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('does not treat %s as an outage', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
