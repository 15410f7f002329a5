/** A skipped check as both entries report one. */
interface Skip {
  readonly check: string;
  readonly reason: string;
  readonly message: string;
}

/** A violation as both entries report one. */
interface Breach {
  readonly code: string;
  readonly message: string;
  readonly limit?: string | undefined;
}

/**
 * A skipped check in the CLI's words. The library says what its caller left out
 * (`context.referencePrice`); a CLI user never wrote a context, but gives last prices with
 * `--reference-prices`, so a skip for want of one says that flag (whether the file was given
 * without the order's symbol, or not given at all). A skip for a rule field the exchange did not
 * send is told as the library tells it: no flag supplies one. Read from the skip's `reason`,
 * never from its wording.
 *
 * @example
 * ```ts
 * cliSkip({ check: 'PRICE_ABOVE_BUY_LIMIT', reason: 'NO_REFERENCE_PRICE', field: 'referencePrice', message }, false).message;
 * // 'PRICE_ABOVE_BUY_LIMIT not checked: no reference price for the symbol (give last prices with --reference-prices FILE)'
 * ```
 */
export function cliSkip<S extends Skip>(skip: S, pricesGiven: boolean, positionsGiven = false): S {
  if (skip.reason === 'NO_POSITION') {
    // A contract order's position cap (`check --market futures`): the position comes from --positions.
    const fix = positionsGiven
      ? 'the symbol and side are not in the --positions file'
      : 'give the positions held with --positions FILE';
    return { ...skip, message: `${skip.check} not checked: no position held on the order's side (${fix})` };
  }
  if (skip.reason !== 'NO_REFERENCE_PRICE') return skip;
  const fix = pricesGiven
    ? 'the symbol is not in the --reference-prices file'
    : 'give last prices with --reference-prices FILE';
  return { ...skip, message: `${skip.check} not checked: no reference price for the symbol (${fix})` };
}

/**
 * A violation in the CLI's words: the caller's notional limit is the `--max-notional` flag (the
 * library says `maxNotional`), told from the violation's `limit` and `value`; the exchange's own
 * rules are told as the library tells them.
 */
export function cliViolation<V extends Breach>(violation: V): V {
  if (violation.code !== 'NOTIONAL_ABOVE_MAX') return violation;
  return { ...violation, message: `${violation.message} (the limit of --max-notional ${violation.limit})` };
}

/**
 * The result with its skips ({@link cliSkip}) and violations ({@link cliViolation}) in the CLI's
 * words; the same object when nothing in it needs them.
 */
export function inCliWords<
  R extends { readonly violations: readonly Breach[]; readonly skipped: readonly Skip[] },
>(result: R, pricesGiven: boolean, positionsGiven = false): R {
  if (result.skipped.length === 0 && result.violations.every((v) => v.code !== 'NOTIONAL_ABOVE_MAX'))
    return result;
  return {
    ...result,
    violations: result.violations.map(cliViolation),
    skipped: result.skipped.map((skip) => cliSkip(skip, pricesGiven, positionsGiven)),
  };
}
