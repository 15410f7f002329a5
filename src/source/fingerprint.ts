import { createHash } from 'node:crypto';
import type { ExchangeInfo } from '../exchange-info/schema.js';
import type { Slicer } from './slicer.js';

/**
 * A digest of what parsed exchange info says, leaving out `serverTime` (it changes on every
 * response even when no rule does), computed a slice at a time. Two fetches with equal
 * fingerprints carry the same definitions, rejections, warnings and time zone, so the second
 * needs no compile, no diff and no snapshot write. `undefined` when the info cannot be
 * digested (a fetcher that returned something other than parsed exchange info): such a fetch
 * is never taken for "unchanged".
 *
 * @internal
 * @example
 * ```ts
 * if ((await fingerprintExchangeInfo(info, slicer)) === last) return 'unchanged';
 * ```
 */
export async function fingerprintExchangeInfo(
  info: ExchangeInfo,
  slicer: Slicer,
): Promise<string | undefined> {
  try {
    if (!Array.isArray(info.symbols) || !Array.isArray(info.rejected)) return undefined;
    const hash = createHash('sha256');
    hash.update(JSON.stringify(['exchange-info', info.timezone]));
    for (const definition of info.symbols) {
      if (slicer.due()) await slicer.pause();
      // Definitions from the parser always list their fields in one order, so equal
      // definitions give equal text.
      hash.update(JSON.stringify(definition));
      hash.update('\n');
    }
    await slicer.checkpoint();
    hash.update(JSON.stringify(info.rejected));
    hash.update(JSON.stringify(info.warnings ?? []));
    return hash.digest('base64');
  } catch (error) {
    if (slicer.aborted) throw error;
    return undefined;
  }
}
