/** Which database failures a request answers with 503 (retry later) rather than 500 (lib/db-errors). */
import { isDatabaseUnavailable } from '../src/lib/db-errors';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows a lost or refused connection, directly or as the cause of the query builder\'s error', () => {
    for (const error of [
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P03', 'the database system is starting up'),
      coded('08006'),
      coded('53300', 'sorry, too many clients already'),
      coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout'),
      new Error('Failed query: select 1', { cause: coded('57P01') }),
    ]) {
      expect({ message: error.message, unavailable: isDatabaseUnavailable(error) }).toEqual({ message: error.message, unavailable: true });
    }
  });

  it('leaves every other failure a failure: a broken constraint, bad SQL, a bug', () => {
    for (const error of [coded('23505', 'duplicate key'), coded('42P01', 'relation does not exist'), new TypeError('x is undefined'), 'text', null]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});
