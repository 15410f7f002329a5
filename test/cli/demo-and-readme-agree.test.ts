// What README.md and docs/ say of the demo's `1e-7` order is what the demo prints: a quantity a
// float printed as 1e-7 is refused, and the suggestion is its plain spelling put on the pair's
// step and within its bounds (test/rules/quantity-step.test.ts holds the rule itself).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RuleBook } from '../../src/book/rule-book.js';
import { runDemo } from '../../src/cli/run-demo.js';
import { sampleExchangeInfo } from '../../src/sample/sample-exchange-info.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** README.md and docs/*.md (not the generated docs/api/), each cut into paragraphs and list items. */
function passages(): string[] {
  const files = [
    'README.md',
    ...readdirSync(`${root}docs`)
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  return files.flatMap((file) =>
    readFileSync(`${root}${file}`, 'utf8')
      .split(/\n\s*\n|\n(?=\s*- )/)
      .map((passage) => passage.replace(/\s+/g, ' ')),
  );
}

describe('the demo and the README agree on 1e-7', () => {
  it('the demo refuses the 1e-7 quantity and suggests a quantity the pair accepts', () => {
    const lines: string[] = [];
    runDemo((line) => lines.push(line));
    const at = lines.findIndex((line) => line.includes('MARKET 1e-7 ETHUSDT'));
    expect(at).toBeGreaterThan(-1);
    const suggested = /INVALID_FIELD .* -> try (\S+)$/.exec(lines[at + 1] ?? '')?.[1];
    expect(suggested).toBe('0.001');
    const book = RuleBook.fromExchangeInfo(sampleExchangeInfo());
    const order = { symbol: 'ETHUSDT', side: 'BUY', type: 'MARKET', quantity: suggested } as const;
    expect(book.validateOrder(order, { referencePrice: '3000' }).violations).toEqual([]);
  });

  it("every passage of README.md and docs/ on 1e-7's suggestion names the one the demo prints", () => {
    const onSuggestion = passages().filter((p) => p.includes('`1e-7`') && /suggest/i.test(p));
    expect(onSuggestion.length).toBeGreaterThan(0);
    for (const passage of onSuggestion) expect(passage).toContain('`0.001`');
  });
});
