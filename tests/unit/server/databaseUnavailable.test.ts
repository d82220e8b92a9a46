// Which database errors answer 503 (the database cannot be reached: try again) rather than 500 (a statement failed).
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../../server/src/db/unavailable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a refused or cut connection, a server shutting down or starting, and the driver giving up', () => {
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout', { cause: withCode('ETIMEDOUT') }),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
    ]) {
      expect(isDatabaseUnavailable(error), String((error as { code?: string }).code ?? error.message)).toBe(true);
    }
  });

  it('leaves statement failures, bugs and anything else to be answered as what they are', () => {
    for (const error of [withCode('23505', 'duplicate key'), withCode('42P01', 'relation does not exist'), new TypeError('x is undefined'), null, 'text']) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('23505')]))).toBe(false);
  });
});
