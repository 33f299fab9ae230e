import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { makeMemoryApp, TestBrowser, type TestAgency } from '../support/http.js';
import { promtool, PROMTOOL_REQUIRED, readExposition, runPromtool } from '../support/prometheus.js';

/**
 * deploy/: the Prometheus alert rules and configuration, the Grafana dashboard and their compose
 * profile. promtool (Prometheus's own checker, Debian's `prometheus` package: .ci/run installs it)
 * validates the rules and the configuration and runs the rules' unit tests; every metric the rules
 * and the dashboard read must be one the app exposes.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const file = (...parts: string[]) => path.join(ROOT, ...parts);
const RULES = file('deploy/prometheus/alerts.yml');

const withPromtool = promtool() !== null || PROMTOOL_REQUIRED;

describe.runIf(withPromtool)('promtool', () => {
  it('accepts the alert rules', () => {
    const checked = runPromtool(['check', 'rules', RULES]);
    expect(checked.status, checked.output).toBe(0);
    expect(checked.output).toContain('SUCCESS: 8 rules found');
  });

  it("passes the rules' own unit tests (each alert fires on what should fire it, and only then)", () => {
    const tested = runPromtool(['test', 'rules', file('deploy/prometheus/alerts.test.yml')]);
    expect(tested.status, tested.output).toBe(0);
    expect(tested.output).toContain('SUCCESS');
  });

  it('accepts the compose profile’s Prometheus configuration', () => {
    const checked = runPromtool(['check', 'config', '--syntax-only', file('deploy/prometheus/prometheus.yml')]);
    expect(checked.status, checked.output).toBe(0);
  });
});

describe('what the rules and the dashboard read', () => {
  let t: TestAgency;
  let exposed: Set<string>;
  beforeAll(async () => {
    t = await makeMemoryApp({ env: { METRICS_TOKEN: 'a-token-for-the-deploy-test' } });
    await new TestBrowser(t.app).get('/api/health');
    const res = await new TestBrowser(t.app).get('/metrics', { authorization: 'Bearer a-token-for-the-deploy-test' });
    exposed = new Set(readExposition(await res.text()).keys());
  });
  afterAll(async () => {
    await t.close();
  });

  /** The metric families an expression reads (a histogram's _bucket/_count/_sum are its family). */
  const familiesIn = (expr: string) =>
    [...expr.matchAll(/\b((?:evisa|http|nodejs|process)_[a-z0-9_]+)\b/g)].map((m) =>
      m[1]!.replace(/_(bucket|count|sum)$/, (suffix, _s, offset, whole) => (exposed.has(whole.slice(0, offset)) ? '' : suffix)),
    );

  it('every alert rule reads metrics the app exposes, and each alert has a severity and a summary', () => {
    const rules = parseYaml(readFileSync(RULES, 'utf8')) as { groups: { rules: { alert: string; expr: string; labels: { severity: string }; annotations: { summary: string } }[] }[] };
    const alerts = rules.groups.flatMap((g) => g.rules);
    expect(alerts.map((a) => a.alert).sort()).toEqual([
      'EvisaGuaranteeDeadlinesDueToday',
      'EvisaHigh5xxRate',
      'EvisaJobBacklog',
      'EvisaJobOldestWaiting',
      'EvisaJobsFailed',
      'EvisaMailBounces',
      'EvisaMailFailures',
      'EvisaTargetDown',
    ]);
    for (const alert of alerts) {
      expect(['page', 'ticket'], alert.alert).toContain(alert.labels.severity);
      expect(alert.annotations.summary, alert.alert).toBeTruthy();
      for (const family of familiesIn(alert.expr)) expect(exposed.has(family), `${alert.alert} reads ${family}`).toBe(true);
    }
  });

  it('the Grafana dashboard is valid JSON whose every panel reads exposed metrics from the provisioned data source', () => {
    const dashboard = JSON.parse(readFileSync(file('deploy/grafana/dashboards/evisa.json'), 'utf8')) as {
      uid: string;
      panels: { type: string; title: string; datasource?: { uid: string }; targets?: { expr: string }[] }[];
    };
    const source = parseYaml(readFileSync(file('deploy/grafana/provisioning/datasources/prometheus.yml'), 'utf8')) as { datasources: { uid: string; url: string }[] };
    const uid = source.datasources[0]!.uid;
    expect(source.datasources[0]!.url).toBe('http://prometheus:9090');
    const panels = dashboard.panels.filter((p) => p.type !== 'row');
    expect(panels.length).toBeGreaterThanOrEqual(15);
    const read = new Set<string>();
    for (const panel of panels) {
      expect(panel.datasource?.uid, panel.title).toBe(uid);
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets!) for (const family of familiesIn(target.expr)) read.add(family);
    }
    for (const family of read) expect(exposed.has(family), `the dashboard reads ${family}`).toBe(true);
    // The families are all on it.
    for (const family of [
      'http_request_duration_seconds',
      'evisa_job_queue_waiting',
      'evisa_job_queue_oldest_waiting_seconds',
      'evisa_mails_total',
      'evisa_texts_total',
      'evisa_payments_total',
      'evisa_refunds_total',
      'evisa_passport_scan_duration_seconds',
      'evisa_db_pool_connections',
      'evisa_guarantee_deadlines_due_today',
    ]) {
      expect(read.has(family), family).toBe(true);
    }
  });

  it('docker-compose runs Prometheus and Grafana only in the monitoring profile, with files that exist', () => {
    const compose = parseYaml(readFileSync(file('docker-compose.yml'), 'utf8')) as { services: Record<string, { profiles?: string[]; volumes?: string[]; environment?: Record<string, string> }> };
    for (const name of ['prometheus', 'grafana']) {
      const service = compose.services[name]!;
      expect(service.profiles, name).toEqual(['monitoring']);
      for (const volume of service.volumes ?? []) {
        const [source] = volume.split(':');
        if (source!.startsWith('./')) expect(existsSync(file(source!)), `${name} mounts ${source}`).toBe(true);
      }
    }
    expect(compose.services.app!.profiles).toBeUndefined();
    expect(compose.services.app!.environment!.METRICS_TOKEN).toBe('${METRICS_TOKEN:-}');
  });
});
