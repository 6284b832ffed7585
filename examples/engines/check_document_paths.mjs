#!/usr/bin/env node
// Checks that a browser adapter's two ways of parsing a scripting-on document give the
// same answers (docs/browsers.md): document.write into the page's iframe, and DOMParser
// where browser_page.mjs routes the input there (`parsedByDOMParser`). It runs the
// adapter twice, once routing (`LITMUS_DOCUMENT_PATH=auto`) and once with every
// scripting-on document written (`LITMUS_DOCUMENT_PATH=write`, the adapter as it was
// before the routing), sends each input to both as a scripting-on document, and
// compares the trees and the serializations byte for byte.
//
//   node examples/engines/check_document_paths.mjs [--engine chromium|firefox|webkit|CMD]
//        [--baseline CMD] [--requests FILE.jsonl]... [--dat FILE-OR-DIR]... [--tokenizer DIR] [--probes]
//
// Inputs: --requests, the requests an adapter logged with `$LITMUS_REQUEST_LOG` during a
// campaign (the cases, their round trips and the minimizers' candidates); --dat, the
// `#data` of html5lib .dat files (a folder: its .dat files, recursively; html5lib's
// tree-construction tests, corpus/divergences); --tokenizer, the inputs of html5lib's
// tokenizer .test files; --probes, inputs written to tell the two documents apart
// (noscript, declarative shadow roots, text-only character references, selectedcontent,
// exclusive details, meta pragmas, nested browsing contexts). Distinct inputs only. Also
// counts, as a measure of what the routing keeps away from DOMParser, the inputs whose
// scripting-off parse (always DOMParser) differs from the written scripting-on one
// although they have no `noscript`.
//
// --baseline CMD compares the adapter with another adapter command instead (an older
// checkout's, say: `node /tmp/old/examples/engines/chromium.mjs`): the logged requests
// are sent to both as they came, repeats included, with their own options (fragment,
// scripting, tree_only), then every other input as a document with scripting on and
// with scripting off.
//
// Exit status 0 when every request gets the same answer both ways, 1 otherwise (each
// difference printed), 2 on bad arguments.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PersistentEngine } from './chromium_drive.mjs';
import { readCases } from './check_chromium.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));

/** Requests in flight per adapter (the adapter parses up to 64 in one page evaluation). */
const WINDOW = 64;

const PROBES = [
  '<noscript><p>x</p></noscript>',
  '<head><noscript><link></noscript></head>x',
  '<NoScRiPt>a<b>c</noscript>',
  '<div><template shadowrootmode=open><b>s</b></template></div>',
  '<div><template shadowrootmode=closed><b>s</b></template></div>',
  '&#x9;',
  '&#x20;&#x20;a',
  '&#9;;',
  'a&#x20;',
  '&#x20;<b>a',
  '&#x20;<',
  '&#x20;< b',
  '&#x20;a<!--c-->',
  ' <p>x',
  '&#x20;<p>x',
  '<select><button><selectedcontent></selectedcontent></button><option selected><b>x</b></option></select>',
  '<select><selectedcontent></selectedcontent><option>a<option selected>b</select>',
  '<details name=a open>1</details><details name=a open>2</details>',
  '<dialog open><dialog open>',
  '<meta http-equiv="refresh" content="0;url=x"><p>x',
  '<meta http-equiv="content-security-policy" content="default-src *"><p>x',
  '<meta charset=windows-1252><p>\u00e9',
  '<iframe srcdoc="<p>x"></iframe><object data=x>y</object><frame>',
  '<frameset><frame></frameset>',
  '<input type=radio name=r checked><input type=radio name=r checked>',
  '<select><option selected>a<option selected>b</select>',
  '<form><input form=f><form id=f>',
  '<script>document.write("<p>w")</script>x',
  '<script src=x></script><p>after',
  '<body onload="x()"><img src=x onerror="y()">',
  '<my-element is=x><template><slot></slot></template></my-element>',
  '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><table><p>',
  '<?pi data?><p>x',
  '<svg><foreignObject><![CDATA[x]]></foreignObject></svg>',
  '<p>' + '<div>'.repeat(600),
  'x\r\ny\rz\u0000',
  '<base href=http://example.invalid/><a href=a>x</a>',
  '<textarea>\n\nx</textarea><pre>\n\ny</pre>',
];

/** The requests of a log of `$LITMUS_REQUEST_LOG`, with their options. */
function logged(file) {
  const requests = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const { input, fragment = null, scripting = false, tree_only = false } = JSON.parse(line);
    requests.push({ input, fragment, scripting, tree_only });
  }
  return requests;
}

/** The distinct requests of `requests`, in their first order. */
function distinctRequests(requests) {
  const seen = new Map();
  for (const request of requests) seen.set(JSON.stringify(request), request);
  return [...seen.values()];
}

function datFiles(path) {
  if (!statSync(path).isDirectory()) return [path];
  const files = [];
  for (const name of readdirSync(path).sort()) {
    const full = join(path, name);
    if (statSync(full).isDirectory()) files.push(...datFiles(full));
    else if (name.endsWith('.dat')) files.push(full);
  }
  return files;
}

function inputsOfTokenizerTests(dir) {
  const inputs = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.test')).sort()) {
    for (const test of JSON.parse(readFileSync(join(dir, file), 'utf8')).tests ?? []) {
      let input = test.input;
      if (test.doubleEscaped) input = input.replace(/\\u([0-9A-Fa-f]{4})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
      if (input.isWellFormed()) inputs.push(input);
    }
  }
  return inputs;
}

/** Answers `requests` with `engine`, WINDOW in flight. */
async function answerAll(engine, requests) {
  const answers = new Array(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const i = next++;
      answers[i] = await engine.request(requests[i]);
    }
  };
  await Promise.all(Array.from({ length: WINDOW }, worker));
  return answers;
}

/** The first line where two answers differ, in each, with its number. */
function firstDifference(a, b) {
  for (const part of ['error', 'tree', 'html']) {
    if (a[part] === b[part]) continue;
    const x = String(a[part]).split('\n');
    const y = String(b[part]).split('\n');
    let line = 0;
    while (x[line] === y[line]) line++;
    const at = (lines) => `${part} line ${line + 1}: ${JSON.stringify(lines[line] ?? '(end)')}`;
    return [at(x), at(y)];
  }
  return ['', ''];
}

const same = (a, b) => a.tree === b.tree && a.html === b.html && a.error === b.error;

function usage(message) {
  process.stderr.write(`check_document_paths: ${message}\n`);
  process.exit(2);
}

/** What `reader` reads from `path`, or a clear message and exit status 2. */
function read(arg, path, reader) {
  try {
    return reader(path);
  } catch (e) {
    return usage(`${arg} ${path}: ${e.message}`);
  }
}

/** The `#data` of every case of the .dat files at `path` (a file or a folder). */
function datInputs(path) {
  return datFiles(path).flatMap((file) => readCases(readFileSync(file, 'utf8')).map((c) => c.data));
}

/** Prints a difference between two answers to `request`. */
function printDifference(request, [a, b], [aName, bName]) {
  const options = request.fragment === null ? 'document' : `fragment ${request.fragment}`;
  const scripting = `scripting ${request.scripting ? 'on' : 'off'}${request.tree_only ? ', tree only' : ''}`;
  console.log(`DIFFERENT [${options}, ${scripting}] ${JSON.stringify(request.input)}`);
  const [x, y] = firstDifference(a, b);
  console.log(`  ${aName}: ${x}`);
  console.log(`  ${bName}: ${y}`);
}

async function main(args) {
  let command = `node ${join(HERE, 'chromium.mjs')}`;
  let baseline = null;
  const requests = [];
  const inputs = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = () => args[++i] ?? usage(`${arg} needs a value`);
    if (arg === '--engine') {
      const name = value();
      command = ['chromium', 'firefox', 'webkit'].includes(name) ? `node ${join(HERE, `${name}.mjs`)}` : name;
    } else if (arg === '--baseline') baseline = value();
    else if (arg === '--requests') requests.push(...read(arg, value(), logged));
    else if (arg === '--dat') inputs.push(...read(arg, value(), datInputs));
    else if (arg === '--tokenizer') inputs.push(...read(arg, value(), inputsOfTokenizerTests));
    else if (arg === '--probes') inputs.push(...PROBES);
    else usage(`unknown argument ${arg}`);
  }
  if (requests.length + inputs.length === 0) usage('no inputs: give --requests, --dat, --tokenizer or --probes');
  const document = (input, scripting) => ({ input, fragment: null, scripting, tree_only: false });

  if (baseline !== null) {
    // The logged requests as they came, repeats included (the adapter answers a
    // repeated request from memory), then the other inputs.
    const all = [
      ...requests,
      ...distinctRequests(inputs.flatMap((input) => [document(input, true), document(input, false)])),
    ];
    const before = new PersistentEngine(baseline, { stderr: 'ignore' });
    const now = new PersistentEngine(command, { stderr: 'ignore' });
    const started = Date.now();
    const [byBefore, byNow] = await Promise.all([answerAll(before, all), answerAll(now, all)]);
    const seconds = (Date.now() - started) / 1000;
    await Promise.all([before.close(), now.close()]);
    let differences = 0;
    for (let i = 0; i < all.length; i++) {
      if (same(byBefore[i], byNow[i])) continue;
      differences++;
      printDifference(all[i], [byBefore[i], byNow[i]], ['baseline', 'adapter ']);
    }
    const name = now.hello?.engine ?? command;
    console.log(`${name}: ${all.length} requests (${seconds.toFixed(1)} s), ${differences} answered differently by the baseline`);
    process.exitCode = differences === 0 ? 0 : 1;
    return;
  }

  const distinct = [...new Set([...requests.map((r) => r.input), ...inputs])];
  const written = new PersistentEngine(`LITMUS_DOCUMENT_PATH=write ${command}`, { stderr: 'ignore' });
  const routed = new PersistentEngine(`LITMUS_DOCUMENT_PATH=auto ${command}`, { stderr: 'ignore' });
  const on = distinct.map((input) => document(input, true));
  const off = distinct.map((input) => document(input, false));
  const started = Date.now();
  const [byWrite, byRoute, byDOMParser] = await Promise.all([answerAll(written, on), answerAll(routed, on), answerAll(routed, off)]);
  const seconds = (Date.now() - started) / 1000;
  await Promise.all([written.close(), routed.close()]);

  let differences = 0;
  let apart = 0;
  for (let i = 0; i < distinct.length; i++) {
    if (!same(byWrite[i], byRoute[i])) {
      differences++;
      printDifference(on[i], [byWrite[i], byRoute[i]], ['written', 'routed ']);
    }
    if (!/noscript/i.test(distinct[i]) && !same(byWrite[i], byDOMParser[i])) {
      apart++;
      console.log(`kept on document.write: ${JSON.stringify(distinct[i].slice(0, 120))}`);
    }
  }
  const name = written.hello?.engine ?? command;
  console.log(
    `${name}: ${distinct.length} distinct inputs (${seconds.toFixed(1)} s), ${differences} answered differently ` +
      `with and without the routing; ${apart} without noscript that DOMParser parses differently from document.write`,
  );
  process.exitCode = differences === 0 ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    await main(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`check_document_paths: ${e.message}\n`);
    process.exit(2);
  }
}
