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

/** A record whose first read of any field throws `error`, and whose later reads find nothing. */
export function throwsOnFirstRead(error: unknown): object {
  let reads = 0;
  return new Proxy(
    {},
    {
      get() {
        reads++;
        if (reads === 1) throw error;
        return undefined;
      },
    },
  );
}
