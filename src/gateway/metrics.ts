import { InvalidArgumentError } from '../index.js';

/**
 * A small Prometheus registry: counters, gauges and one histogram type, each with labels, written
 * in the text exposition format 0.0.4 (`# HELP`, `# TYPE`, one sample per line, label values
 * escaped). It is the gateway's own rather than prom-client: the gateway needs a handful of
 * metrics, and this is about 200 lines with no dependency, cheaper per update and to load
 * (docs/gateway.md, "Metrics", has the measurement).
 *
 * Adding a metric: declare it once on the registry (`counter`, `gauge`, `histogram`, or
 * `collected` for a value read when scraped), keep the handle, and update it where the thing
 * happens. Label values must come from a bounded set (codes, reasons, statuses), never from
 * what a client sends freely (keys, paths): each distinct value is a series kept forever.
 */

/**
 * The `Content-Type` of the text exposition format 0.0.4.
 *
 * @example
 * ```ts
 * res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE });
 * ```
 */
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** One value per label name. */
export type MetricLabels<L extends string> = { readonly [K in L]: string };

/** A metric's name, its help text and its label names (none by default). */
export interface MetricSpec<L extends string> {
  readonly name: string;
  readonly help: string;
  readonly labels?: readonly L[];
}

/** A count that only goes up. */
export interface Counter<L extends string = never> {
  inc(labels: MetricLabels<L>, by?: number): void;
}

/** A value that goes up and down. */
export interface Gauge<L extends string = never> {
  set(labels: MetricLabels<L>, value: number): void;
  inc(labels: MetricLabels<L>, by?: number): void;
}

/** Observations counted into fixed buckets, with their sum and count. */
export interface Histogram {
  observe(value: number): void;
}

/** Gives one series' value when a collected metric is read. */
export type Sample<L extends string> = (labels: MetricLabels<L>, value: number) => void;

/** Metrics declared once, written on demand. */
export interface MetricRegistry {
  counter<L extends string = never>(spec: MetricSpec<L>): Counter<L>;
  gauge<L extends string = never>(spec: MetricSpec<L>): Gauge<L>;
  histogram(spec: MetricSpec<never> & { readonly buckets: readonly number[] }): Histogram;
  /**
   * A counter or gauge whose values are read when the registry is written: `collect` gives each
   * series (a series it does not give, such as an age not known yet, is left out). If it
   * throws, the metric is written without samples: one broken source does not break the rest.
   */
  collected<L extends string = never>(
    spec: MetricSpec<L> & { readonly type: 'counter' | 'gauge' },
    collect: (sample: Sample<L>) => void,
  ): void;
  /** Every metric, in the order declared, in the text exposition format. */
  render(): string;
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const NEEDS_ESCAPE = /[\\"\n]/;

/** Creates an empty registry. */
export function createMetricRegistry(): MetricRegistry {
  /** Each metric writes its lines (HELP and TYPE included) into the output. */
  const writers: Array<(out: string[]) => void> = [];
  const names = new Set<string>();

  const declare = <L extends string>(spec: MetricSpec<L>, type: string): readonly L[] => {
    if (!METRIC_NAME.test(spec.name) || names.has(spec.name))
      throw new InvalidArgumentError(
        'spec.name',
        `must be a new metric name matching ${METRIC_NAME.source}, got ${JSON.stringify(spec.name)}`,
      );
    const labels = spec.labels ?? [];
    for (const label of labels)
      if (!LABEL_NAME.test(label) || label.startsWith('__') || (type === 'histogram' && label === 'le'))
        throw new InvalidArgumentError(
          'spec.labels',
          `must be label names matching ${LABEL_NAME.source} (not __*), got ${JSON.stringify(label)}`,
        );
    names.add(spec.name);
    return labels;
  };
  const head = (spec: MetricSpec<string>, type: string) =>
    `# HELP ${spec.name} ${escapeHelp(spec.help)}\n# TYPE ${spec.name} ${type}`;

  /** Series by their label values: a counter's or a gauge's. */
  const family = <L extends string>(spec: MetricSpec<L>, type: 'counter' | 'gauge') => {
    const labels = declare(spec, type);
    const series = new Map<string, { readonly text: string; value: number }>();
    const find = (values: MetricLabels<L>) => {
      let key = '';
      for (const label of labels) key += `${values[label] ?? ''}\u0000`;
      let found = series.get(key);
      if (found === undefined) {
        found = { text: `${spec.name}${labelText(labels, values)}`, value: 0 };
        series.set(key, found);
      }
      return found;
    };
    const top = head(spec, type);
    writers.push((out) => {
      out.push(top);
      for (const { text, value } of series.values()) out.push(`${text} ${formatValue(value)}`);
    });
    return find;
  };

  return {
    counter<L extends string = never>(spec: MetricSpec<L>): Counter<L> {
      const find = family(spec, 'counter');
      return {
        inc(labels, by = 1) {
          if (!(by >= 0)) throw new InvalidArgumentError('by', `must be 0 or more, got ${by}`);
          find(labels).value += by;
        },
      };
    },
    gauge<L extends string = never>(spec: MetricSpec<L>): Gauge<L> {
      const find = family(spec, 'gauge');
      return {
        set(labels, value) {
          find(labels).value = value;
        },
        inc(labels, by = 1) {
          find(labels).value += by;
        },
      };
    },
    histogram(spec) {
      declare(spec, 'histogram');
      const bounds = [...spec.buckets];
      if (bounds.some((bound, i) => !Number.isFinite(bound) || (i > 0 && bound <= bounds[i - 1]!)))
        throw new InvalidArgumentError(
          'spec.buckets',
          `must be finite and increasing, got ${bounds.join(', ')}`,
        );
      const counts = new Array<number>(bounds.length + 1).fill(0);
      let sum = 0;
      const top = head(spec, 'histogram');
      writers.push((out) => {
        out.push(top);
        let cumulative = 0;
        for (let i = 0; i < bounds.length; i++) {
          cumulative += counts[i]!;
          out.push(`${spec.name}_bucket{le="${formatValue(bounds[i]!)}"} ${cumulative}`);
        }
        cumulative += counts[bounds.length]!;
        out.push(`${spec.name}_bucket{le="+Inf"} ${cumulative}`);
        out.push(`${spec.name}_sum ${formatValue(sum)}`);
        out.push(`${spec.name}_count ${cumulative}`);
      });
      return {
        observe(value) {
          let i = 0;
          while (i < bounds.length && value > bounds[i]!) i++;
          counts[i]!++;
          sum += value;
        },
      };
    },
    collected<L extends string = never>(
      spec: MetricSpec<L> & { readonly type: 'counter' | 'gauge' },
      collect: (sample: Sample<L>) => void,
    ): void {
      const labels = declare(spec, spec.type);
      const top = head(spec, spec.type);
      writers.push((out) => {
        const lines: string[] = [];
        try {
          collect((values, value) => {
            lines.push(`${spec.name}${labelText(labels, values)} ${formatValue(value)}`);
          });
        } catch {
          lines.length = 0; // a source that throws: the metric has no samples this time
        }
        out.push(top, ...lines);
      });
    },
    render() {
      const out: string[] = [];
      for (const write of writers) write(out);
      return `${out.join('\n')}\n`;
    },
  };
}

/** `{a="x",b="y"}`, or nothing without labels. */
function labelText(labels: readonly string[], values: Readonly<Record<string, string>>): string {
  if (labels.length === 0) return '';
  let text = '';
  for (const label of labels) {
    const value = values[label] ?? '';
    text += `${text === '' ? '' : ','}${label}="${NEEDS_ESCAPE.test(value) ? escapeLabelValue(value) : value}"`;
  }
  return `{${text}}`;
}

/** A label value's escapes in the text format: backslash, double quote and line feed. */
function escapeLabelValue(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');
}

/** A HELP text's escapes: backslash and line feed. */
function escapeHelp(text: string): string {
  return text.replaceAll('\\', '\\\\').replaceAll('\n', '\\n');
}

/** A sample value as the format writes it (Go's float syntax; infinities as `+Inf`, `-Inf`). */
function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(value);
}
