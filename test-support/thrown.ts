/**
 * What `act` throws, for tests that inspect an error's class, name and context; a test fails if
 * it throws nothing.
 */
export function thrown(act: () => unknown): unknown {
  try {
    act();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}
