// Types of format.js, the page's plain-JS number formatting, for the tests that import it.
export function count(n: number, singular: string, plural?: string): string;
export function formatDecimal(decimal: string, minFractionDigits?: number): string;
export function formatAmount(decimal: string, unit: string): string;
export function percent(rate: string): string;
export function isNegative(decimal: string): boolean;
export function magnitude(decimal: string): string;
