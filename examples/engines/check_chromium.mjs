#!/usr/bin/env node
// Runs the Chromium adapter (through its persistent protocol) over the html5lib
// tree-construction cases and compares its dumps with the expected #document.
//
//   node examples/engines/check_chromium.mjs [--tests DIR] [--litmus PATH] [--engine CMD] [--details FILE] [--only FILE.dat]
//                                            [--versus-litmus [--contexts document,div,svg svg,…] [--tokenizer-inputs]]
//
// DIR defaults to $HTML5LIB_TESTS/tree-construction ($HTML5LIB_TESTS defaults to
// ../shared/html5lib-tests from the repository root). Each case runs as a document,
// or with `#document-fragment` as a fragment, in both scripting modes unless it says
// `#script-on` / `#script-off` (as tests/tests/tree_construction.rs does; trials are
// named the same way, `FILE#INDEX [script-on]` with a 0-based index). `scripted/` is
// skipped.
//
// Prints passing trials per file and overall, then every failing trial with the first
// differing line. With --litmus (the litmus binary, e.g. target/release/litmus), each
// failing trial is also parsed by litmus, to tell a stale expectation (Chromium agrees
// with litmus) from a Chromium divergence. --details writes every failing trial's
// input and both trees to FILE.
//
// --versus-litmus compares with litmus (--litmus, default target/release/litmus)
// instead of the files' trees, serializations included; --contexts then parses every
// case's input in each of the given contexts (`document` for a document parse) instead
// of the case's own, to look for Chromium divergences beyond the cases' own set-ups.
// --tokenizer-inputs takes the distinct inputs of html5lib's tokenizer tests
// ($HTML5LIB_TESTS/tokenizer/*.test; well-formed UTF-16 only) as documents instead.

import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PersistentEngine, DEFAULT_ENGINE } from './chromium_drive.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, '..', '..');

// The cases of a .dat file: each starts at a `#data` line; sections at their `#` lines
// (a line of the data section is data until `#errors`).
export function readCases(text) {
  const cases = [];
  if (!text.startsWith('#data\n')) return cases;
  const chunks = text.slice('#data\n'.length).split('\n#data\n');
  const headers = new Set(['#errors', '#new-errors', '#document-fragment', '#script-on', '#script-off', '#document']);
  for (const chunk of chunks) {
    const kase = { data: [], context: null, scripting: null, document: [] };
    let section = '#data';
    for (const line of chunk.split('\n')) {
      if (headers.has(line) && (section !== '#data' || line === '#errors')) {
        section = line;
        if (line === '#script-on') kase.scripting = true;
        if (line === '#script-off') kase.scripting = false;
        continue;
      }
      if (section === '#data') kase.data.push(line);
      else if (section === '#document-fragment' && line !== '') kase.context = line;
      else if (section === '#document') kase.document.push(line);
    }
    kase.data = kase.data.join('\n');
    kase.document = normalize(kase.document.join('\n'));
    cases.push(kase);
  }
  return cases;
}

// The distinct inputs of the tokenizer tests in `dir`, as cases without a tree.
function tokenizerCases(dir) {
  const seen = new Set();
  const cases = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.test')).sort()) {
    for (const test of JSON.parse(readFileSync(join(dir, file), 'utf8')).tests ?? []) {
      let input = test.input;
      if (test.doubleEscaped) input = input.replace(/\\u([0-9A-Fa-f]{4})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
      if (!input.isWellFormed() || seen.has(input)) continue;
      seen.add(input);
      cases.push({ data: input, context: null, scripting: null, document: '' });
    }
  }
  return cases;
}

// Trailing newlines are not part of the comparison (the .dat format ends a case with
// a blank line).
function normalize(tree) {
  return tree.replace(/\n+$/, '') + '\n';
}

function firstDifference(expected, actual) {
  const a = expected.split('\n');
  const b = actual.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return { line: i + 1, expected: a[i] ?? '(end)', actual: b[i] ?? '(end)' };
  }
  return null;
}

// litmus's answer: {tree, html}.
function runLitmus(litmus, trial) {
  const args = ['parse', '--output', 'json', '--scripting', trial.scripting ? 'on' : 'off'];
  if (trial.context !== null) args.push('--fragment', trial.context);
  args.push('-');
  try {
    const answer = JSON.parse(execFileSync(litmus, args, { input: trial.data, encoding: 'utf8', maxBuffer: 1 << 28 }));
    return { tree: normalize(answer.tree), html: answer.html };
  } catch (e) {
    return { tree: `litmus failed: ${e.message}\n`, html: null };
  }
}

async function main(args) {
  let tests = join(process.env.HTML5LIB_TESTS ?? join(REPO, '..', 'shared', 'html5lib-tests'), 'tree-construction');
  let litmus = null;
  let command = DEFAULT_ENGINE;
  let details = null;
  let only = null;
  let versusLitmus = false;
  let contexts = null;
  let tokenizerInputs = false;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--tests') tests = args[++i];
    else if (args[i] === '--litmus') litmus = args[++i];
    else if (args[i] === '--engine') command = args[++i];
    else if (args[i] === '--details') details = args[++i];
    else if (args[i] === '--only') only = args[++i];
    else if (args[i] === '--versus-litmus') versusLitmus = true;
    else if (args[i] === '--tokenizer-inputs') tokenizerInputs = true;
    else if (args[i] === '--contexts') contexts = args[++i].split(',').map((c) => (c === 'document' ? null : c));
    else throw new Error(`unknown argument ${args[i]}`);
  }

  if (versusLitmus) litmus ??= join(REPO, 'target', 'release', 'litmus');
  const trials = [];
  if (tokenizerInputs && !versusLitmus) throw new Error('--tokenizer-inputs needs --versus-litmus (the tokenizer tests have no trees)');
  const sources = tokenizerInputs
    ? [['tokenizer-inputs', tokenizerCases(join(tests, '..', 'tokenizer'))]]
    : readdirSync(tests)
        .filter((f) => f.endsWith('.dat') && (only === null || f === only))
        .sort()
        .map((file) => [file, readCases(readFileSync(join(tests, file), 'utf8'))]);
  for (const [file, cases] of sources) {
    cases.forEach((kase, index) => {
      const modes = kase.scripting === null ? [true, false] : [kase.scripting];
      for (const context of contexts ?? [kase.context]) {
        for (const scripting of modes) {
          const where = contexts === null ? '' : ` in ${context ?? 'document'}`;
          trials.push({
            name: `${file}#${index}${where} [${scripting ? 'script-on' : 'script-off'}]`,
            file,
            data: kase.data,
            context,
            scripting,
            expected: kase.document,
          });
        }
      }
    });
  }

  const engine = new PersistentEngine(command);
  const started = Date.now();
  // A window of requests in flight; the adapter answers them in order.
  const WINDOW = 32;
  let next = 0;
  const run = async () => {
    while (next < trials.length) {
      const trial = trials[next++];
      trial.reply = await engine.request({ input: trial.data, fragment: trial.context, scripting: trial.scripting });
    }
  };
  await Promise.all(Array.from({ length: WINDOW }, run));
  const seconds = (Date.now() - started) / 1000;
  await engine.close();

  if (versusLitmus) {
    for (const trial of trials) {
      const answer = runLitmus(litmus, trial);
      trial.litmus = answer.tree;
      trial.expected = answer.tree;
      trial.expectedHtml = answer.html;
    }
  }

  const perFile = new Map();
  const failures = [];
  let htmlDifferences = 0;
  for (const trial of trials) {
    const stats = perFile.get(trial.file) ?? { passed: 0, total: 0 };
    perFile.set(trial.file, stats);
    stats.total++;
    if (trial.reply.error !== undefined) {
      trial.actual = `error: ${trial.reply.error}\n`;
    } else {
      trial.actual = normalize(trial.reply.tree);
    }
    if (trial.actual === trial.expected) stats.passed++;
    else failures.push(trial);
    if (versusLitmus && trial.actual === trial.expected && trial.reply.html !== trial.expectedHtml) {
      htmlDifferences++;
      console.log(`HTML ${trial.name}${trial.context === null ? '' : ` fragment ${trial.context}`}: ${JSON.stringify(trial.data.slice(0, 60))}`);
      console.log(`     chromium ${JSON.stringify(trial.reply.html.slice(0, 100))}\n     litmus   ${JSON.stringify(trial.expectedHtml?.slice(0, 100))}`);
    }
  }

  let passed = 0;
  for (const [file, stats] of perFile) {
    passed += stats.passed;
    console.log(`${file.padEnd(48)} ${String(stats.passed).padStart(4)} / ${stats.total}`);
  }
  const against = versusLitmus ? "litmus's tree" : 'the expected tree';
  console.log(`\nChromium: ${passed} / ${trials.length} trials match ${against} (${seconds.toFixed(1)} s, ${(trials.length / seconds).toFixed(0)} requests/s)`);
  if (versusLitmus) console.log(`${htmlDifferences} trials with the same tree serialize differently`);
  console.log('');

  let report = '';
  for (const trial of failures) {
    const diff = firstDifference(trial.expected, trial.actual);
    let verdict = '';
    if (litmus !== null && !versusLitmus) {
      trial.litmus = runLitmus(litmus, trial).tree;
      verdict = trial.litmus === trial.actual ? ' (= litmus)' : trial.litmus === trial.expected ? ' (litmus = expected)' : ' (litmus differs from both)';
    }
    const context = trial.context === null ? '' : ` fragment ${trial.context}`;
    console.log(`FAIL ${trial.name}${context}${verdict}: ${JSON.stringify(trial.data.slice(0, 80))}`);
    if (diff) console.log(`     line ${diff.line}: ${versusLitmus ? 'litmus' : 'expected'} ${JSON.stringify(diff.expected)}, chromium ${JSON.stringify(diff.actual)}`);
    report += `## ${trial.name}${context}${verdict}\n#data\n${trial.data}\n#${versusLitmus ? 'litmus' : 'expected'}\n${trial.expected}#chromium\n${trial.actual}`;
    if (trial.litmus !== undefined && !versusLitmus) report += `#litmus\n${trial.litmus}`;
    report += '\n';
  }
  if (details !== null) writeFileSync(details, report);
  console.log(`\n${passed} passed, ${trials.length - passed} failed`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main(process.argv.slice(2));
}
