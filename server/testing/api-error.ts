// For tests of code that refuses input by throwing: the ApiError it throws, so the test can check the
// code and message clients would get.
import { ApiError } from '../lib/errors';

/** The ApiError `run` throws; fails the test if it returns or throws anything else. */
export function thrownApiError(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}
