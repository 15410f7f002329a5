/**
 * The offset of the first byte that does not begin a well-formed UTF-8 sequence (Unicode's
 * table 3-7: no overlong forms, no surrogates, nothing past U+10FFFF, no sequence cut short),
 * or -1 when every byte is part of one. The same answer as a fatal `TextDecoder`, without
 * decoding anything and with the place of the fault (the portable core has no `isUtf8`).
 */
export function firstNonUtf8Byte(bytes: Uint8Array): number {
  const length = bytes.length;
  let at = 0;
  while (at < length) {
    const lead = bytes[at] as number;
    if (lead < 0x80) {
      at++;
      continue;
    }
    const size = sequenceLength(lead);
    if (size === 0 || at + size > length) return at;
    // The second byte's range depends on the lead (this is what rules out overlong forms,
    // surrogates and code points past U+10FFFF); every later byte is 80..BF.
    const second = bytes[at + 1] as number;
    if (second < secondByteLow(lead) || second > secondByteHigh(lead)) return at;
    for (let i = 2; i < size; i++) if (((bytes[at + i] as number) & 0xc0) !== 0x80) return at;
    at += size;
  }
  return -1;
}

/** How many bytes a sequence starting with `lead` (0x80 or above) has; 0 when none can. */
function sequenceLength(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/** The bounds of the byte after `lead`, as table 3-7 narrows them for E0, ED, F0 and F4. */
function secondByteLow(lead: number): number {
  if (lead === 0xe0) return 0xa0;
  if (lead === 0xf0) return 0x90;
  return 0x80;
}

function secondByteHigh(lead: number): number {
  if (lead === 0xed) return 0x9f;
  if (lead === 0xf4) return 0x8f;
  return 0xbf;
}
