import { hasErrorBrand, isOwnInstance } from './preflight-error.js';

/**
 * @internal The type guard of one error class: true for an instance of `ctor`, and, by the
 * brand, for an instance of the class called `name` from the other build (ESM or CJS).
 */
export function errorGuard<T>(ctor: abstract new (...args: never[]) => T, name: string) {
  return (error: unknown): error is T => isOwnInstance(error, ctor) || hasErrorBrand(error, name);
}
