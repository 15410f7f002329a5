/**
 * A strict reader of the Prometheus text exposition format 0.0.4, for the tests: it throws on
 * any line outside the format's grammar, a sample before its family's `# TYPE`, a family typed
 * twice or split apart, a histogram without its `+Inf` bucket, `_sum` and `_count`, and text not
 * ending in a line feed; it unescapes label values and HELP texts.
 */

/** One sample: its name (with any `_bucket`/`_sum`/`_count` suffix), labels and value. */
export interface PromSample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/** A metric family: its TYPE, its HELP and its samples. */
export interface PromFamily {
  readonly type: string;
  readonly help: string | undefined;
  readonly samples: PromSample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*';
/** A label value: any characters but `"`, `\` and line feed, or the three escapes. */
const LABEL_VALUE = '(?:[^"\\\\\\n]|\\\\["\\\\n])*';
const VALUE = '(?:[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?|[+-]Inf|NaN)';
const SAMPLE = new RegExp(
  `^(${NAME})(?:\\{((?:${LABEL}="${LABEL_VALUE}")(?:,${LABEL}="${LABEL_VALUE}")*,?)?\\})? (${VALUE})(?: -?\\d+)?$`,
);
const HELP = new RegExp(`^# HELP (${NAME}) (.*)$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const PAIR = new RegExp(`(${LABEL})="(${LABEL_VALUE})"`, 'g');

function unescapeLabel(value: string): string {
  return value.replace(/\\(["\\n])/g, (_, char: string) => (char === 'n' ? '\n' : char));
}

function unescapeHelp(text: string): string {
  return text.replace(/\\([\\n])/g, (_, char: string) => (char === 'n' ? '\n' : char));
}

/** The family a sample name belongs to, given the families typed so far. */
function familyOf(name: string, families: ReadonlyMap<string, PromFamily>): string | undefined {
  if (families.has(name)) return name;
  for (const suffix of ['_bucket', '_sum', '_count']) {
    const base = name.endsWith(suffix) ? name.slice(0, -suffix.length) : undefined;
    if (base !== undefined && families.get(base)?.type === 'histogram') return base;
  }
  return undefined;
}

/** Reads `text`, or throws naming the first line at fault. */
export function parsePrometheusText(text: string): Map<string, PromFamily> {
  if (!text.endsWith('\n')) throw new Error('the text does not end with a line feed');
  const families = new Map<string, PromFamily>();
  const helps = new Map<string, string>();
  let current: string | undefined;
  const lines = text.slice(0, -1).split('\n');
  lines.forEach((line, index) => {
    const where = `line ${index + 1} (${JSON.stringify(line)})`;
    const help = HELP.exec(line);
    if (help !== null) {
      if (helps.has(help[1]!)) throw new Error(`${where}: a second HELP`);
      helps.set(help[1]!, unescapeHelp(help[2]!));
      return;
    }
    const type = TYPE.exec(line);
    if (type !== null) {
      if (families.has(type[1]!)) throw new Error(`${where}: a second TYPE`);
      families.set(type[1]!, { type: type[2]!, help: helps.get(type[1]!), samples: [] });
      current = type[1]!;
      return;
    }
    if (line.startsWith('#')) return; // a comment
    const sample = SAMPLE.exec(line);
    if (sample === null) throw new Error(`${where}: not a sample line`);
    const family = familyOf(sample[1]!, families);
    if (family === undefined) throw new Error(`${where}: a sample before its TYPE`);
    if (family !== current) throw new Error(`${where}: a family's samples are not together`);
    const labels: Record<string, string> = {};
    for (const [, label, value] of (sample[2] ?? '').matchAll(PAIR)) {
      if (label! in labels) throw new Error(`${where}: label ${label} twice`);
      labels[label!] = unescapeLabel(value!);
    }
    const raw = sample[3]!;
    const value =
      raw === 'NaN'
        ? Number.NaN
        : raw.endsWith('Inf')
          ? raw.startsWith('-')
            ? -Infinity
            : Infinity
          : Number(raw);
    families.get(family)!.samples.push({ name: sample[1]!, labels, value });
  });
  for (const [name, family] of families) {
    if (family.type !== 'histogram') continue;
    const has = (suffix: string, labels?: Record<string, string>) =>
      family.samples.some(
        (s) =>
          s.name === `${name}${suffix}` &&
          Object.entries(labels ?? {}).every(([label, value]) => s.labels[label] === value),
      );
    if (!has('_bucket', { le: '+Inf' }) || !has('_sum') || !has('_count'))
      throw new Error(`histogram ${name} lacks its +Inf bucket, _sum or _count`);
  }
  return families;
}

/** The value of the sample of `name` whose labels include `labels`, or 0 when there is none. */
export function sampleValue(
  families: ReadonlyMap<string, PromFamily>,
  name: string,
  labels: Readonly<Record<string, string>> = {},
): number {
  for (const family of families.values())
    for (const sample of family.samples)
      if (
        sample.name === name &&
        Object.entries(labels).every(([label, value]) => sample.labels[label] === value)
      )
        return sample.value;
  return 0;
}
