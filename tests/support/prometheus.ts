import { spawnSync } from 'node:child_process';

/**
 * Reading GET /metrics as Prometheus does. Prometheus's own parser is the reference: promtool
 * (Debian's `prometheus` package, which .ci/run installs) `check metrics` parses the exposition and
 * lints its names, and `check rules` / `test rules` validate and exercise the alert rules. The
 * reader below only looks samples up once promtool has accepted the text (npm's
 * parse-prometheus-text-format drops the labels of histograms, so it cannot find a route's
 * durations).
 */

/** promtool's path, or null when it is not installed (CI installs it: tests then require it). */
export function promtool(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v promtool'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

/** Whether a test may go without promtool: only off CI. */
export const PROMTOOL_REQUIRED = process.env.CI === 'true' || process.env.REQUIRE_E2E === '1';

/** Runs promtool with `args` (and `input` on its standard input): its exit code and output. */
export function runPromtool(args: string[], input?: string): { status: number | null; output: string } {
  const path = promtool();
  if (!path) throw new Error('promtool is not installed: apt-get install prometheus (.ci/run does)');
  const run = spawnSync(path, args, { input, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: string;
  help: string;
  samples: Sample[];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?/gy;

/**
 * The families of a text exposition (format 0.0.4), each with its samples (a histogram's
 * `_bucket`, `_sum` and `_count` samples under its family). Throws on a line it cannot read.
 */
export function readExposition(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const family = (name: string) => {
    let known = families.get(name);
    if (!known) families.set(name, (known = { name, type: 'untyped', help: '', samples: [] }));
    return known;
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') family(meta[2]!).type = meta[3]!;
      else family(meta[2]!).help = meta[3]!;
      continue;
    }
    if (line.startsWith('#')) continue;
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`not a sample line: ${line}`);
    const [, name, labelText = '', value] = sample;
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    let read = 0;
    for (let m = LABEL.exec(labelText); m; m = LABEL.exec(labelText)) {
      labels[m[1]!] = m[2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
      read = LABEL.lastIndex;
    }
    if (read !== labelText.length) throw new Error(`unreadable labels: ${line}`);
    const base = name!.replace(/_(bucket|sum|count)$/, '');
    const owner = families.get(name!) ?? (families.get(base)?.type === 'histogram' ? families.get(base)! : family(name!));
    owner.samples.push({ name: name!, labels, value: Number(value) });
  }
  return families;
}

/** The value of the one sample named `name` whose labels include `labels` (undefined: none). */
export function sampleValue(families: Map<string, Family>, family: string, name: string, labels: Record<string, string> = {}): number | undefined {
  return families.get(family)?.samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}
