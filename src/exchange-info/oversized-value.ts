/**
 * The longest string or number an exchange-info payload may hold, in UTF-8 bytes: far above any
 * real symbol, asset or decimal (names are capped at 1 KiB, decimals at 256 characters). A longer
 * value is never copied out of the text: the JSON reader marks it, and the field readers refuse
 * that one field (a definition is set aside, a display field becomes a warning), so one huge
 * field never sinks the rest of the payload, nor costs memory (docs/guide.md, "Reliability:
 * hostile input").
 */
export const MAX_PAYLOAD_VALUE_LENGTH = 1024;
