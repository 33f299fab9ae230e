#!/usr/bin/env node
// `npm run i18n:extract`: writes the English catalogs (core/i18n/catalogs/en-GB/<namespace>.json)
// from the code — every t('…'), msg('…') and i18nKey="…" in a namespace's sources — and reports,
// per locale, the keys a translation still lacks and those it holds that the code no longer uses.
// `--check`: writes nothing, exits 1 when an English catalog is not what the code says.
// `--prune`: also drops the keys no longer used from the translations. Translations written in
// parts (core/i18n/catalogs/<locale>/<namespace>.<part>.json) are merged into their catalog first.
import { readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CATALOGS = path.join(root, 'core/i18n/catalogs');
const SOURCE = 'en-GB';

/** Where each namespace's messages are written in the code (docs/decisions/0037). */
export const NAMESPACE_SOURCES = {
  core: ['core'],
  web: ['apps/web/src'],
  mail: ['adapters/mail'],
  text: ['adapters/texts'],
  pdf: ['adapters/receipts', 'adapters/border-pack', 'adapters/pdf'],
};

const LITERAL = String.raw`('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\`(?:[^\`\\$]|\\.)*\`)`;
const CALLS = [new RegExp(String.raw`(?<![\w.$])(?:t|msg)\(\s*` + LITERAL, 'g'), new RegExp(String.raw`\bi18nKey=\{?\s*` + LITERAL, 'g')];

function sourceFiles(dir) {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' || e.name === 'catalogs' ? [] : sourceFiles(rel);
    return /\.(ts|tsx)$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** The messages a namespace's code uses, sorted. */
export function extract(namespace) {
  const keys = new Set();
  for (const file of NAMESPACE_SOURCES[namespace].flatMap(sourceFiles)) {
    // Comments may quote a call ('every t(\'…\')'): they are not messages.
    const code = readFileSync(path.join(root, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const pattern of CALLS) {
      for (const match of code.matchAll(pattern)) keys.add(unquote(match[1]));
    }
  }
  return [...keys].sort();
}

function unquote(literal) {
  const body = literal.slice(1, -1);
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|n|t|.)/g, (_, e) => {
    if (e === 'n') return '\n';
    if (e === 't') return '\t';
    if (e.startsWith('u{')) return String.fromCodePoint(parseInt(e.slice(2, -1), 16));
    if (e.startsWith('u') && e.length === 5) return String.fromCharCode(parseInt(e.slice(1), 16));
    if (e.startsWith('x') && e.length === 3) return String.fromCharCode(parseInt(e.slice(1), 16));
    return e;
  });
}

function readCatalog(locale, namespace) {
  const file = path.join(CATALOGS, locale, `${namespace}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

function writeCatalog(locale, namespace, catalog) {
  writeFileSync(path.join(CATALOGS, locale, `${namespace}.json`), `${JSON.stringify(catalog, null, 2)}\n`);
}

/**
 * Translations written in parts (`web.<part>.json`, one per person translating at once) are merged
 * into their namespace's catalog and removed; a key translated twice keeps the catalog's own.
 */
function mergeParts(locale) {
  for (const file of readdirSync(path.join(CATALOGS, locale))) {
    const part = /^([a-z]+)\.[\w-]+\.json$/.exec(file);
    if (!part || !(part[1] in NAMESPACE_SOURCES)) continue;
    const catalog = { ...JSON.parse(readFileSync(path.join(CATALOGS, locale, file), 'utf8')), ...readCatalog(locale, part[1]) };
    writeCatalog(locale, part[1], Object.fromEntries(Object.entries(catalog).sort(([a], [b]) => (a < b ? -1 : 1))));
    rmSync(path.join(CATALOGS, locale, file));
    console.log(`merged ${locale}/${file} into ${part[1]}.json`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = new Set(process.argv.slice(2));
  const locales = readdirSync(CATALOGS).filter((l) => l !== SOURCE);
  if (!args.has('--check')) locales.forEach(mergeParts);
  let stale = false;
  for (const namespace of Object.keys(NAMESPACE_SOURCES)) {
    const keys = extract(namespace);
    const english = Object.fromEntries(keys.map((k) => [k, k]));
    if (JSON.stringify(english) !== JSON.stringify(readCatalog(SOURCE, namespace))) {
      stale = true;
      if (!args.has('--check')) writeCatalog(SOURCE, namespace, english);
    }
    const report = [`${namespace}: ${keys.length} messages`];
    for (const locale of locales) {
      const catalog = readCatalog(locale, namespace);
      const missing = keys.filter((k) => typeof catalog[k] !== 'string' || catalog[k] === '');
      const unused = Object.keys(catalog).filter((k) => !(k in english));
      report.push(`${locale} lacks ${missing.length}${unused.length ? `, ${unused.length} unused` : ''}`);
      if (args.has('--prune') && unused.length) {
        for (const k of unused) delete catalog[k];
        writeCatalog(locale, namespace, Object.fromEntries(Object.entries(catalog).sort(([a], [b]) => (a < b ? -1 : 1))));
      }
      if (args.has('--missing') && missing.length) console.log(`  ${locale}/${namespace} lacks:\n${missing.map((k) => `    ${JSON.stringify(k)}`).join('\n')}`);
    }
    console.log(report.join(' · '));
  }
  if (args.has('--check') && stale) {
    console.error('The English catalogs are not what the code says: run npm run i18n:extract');
    process.exit(1);
  }
}
