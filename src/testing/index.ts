/**
 * order-preflight/testing: fast-check arbitraries for property tests of strategies (SPEC
 * section 7). Filled in by the property-testing work; kept as an entry point so the package
 * layout is final.
 */
export {};
