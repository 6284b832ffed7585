#!/usr/bin/env node
// parse5 as a litmus engine (see docs/engines.md, "External engines").
//
//   persistent: node examples/engines/parse5.mjs
//   one-shot:   node examples/engines/parse5.mjs [--fragment CONTEXT] --scripting on|off [--output tree|html]
//
// Documents go through `parse`, fragments through `parseFragment` with a context
// element made by parse5's default tree adapter in the context's namespace; the
// scripting flag is parse5's `scriptingEnabled`. The tree is written as an html5lib
// dump; the serialization is parse5's own `serialize`.
//
// Install parse5 first: `npm ci` in examples/engines (or scripts/setup-engines.sh).

import { readFileSync } from 'node:fs';
import { parse, parseFragment, serialize, defaultTreeAdapter, html } from 'parse5';

const NAMESPACE_PREFIX = {
  [html.NS.SVG]: 'svg',
  [html.NS.MATHML]: 'math',
};

const ATTRIBUTE_NAMESPACE_PREFIX = {
  [html.NS.XLINK]: 'xlink',
  [html.NS.XML]: 'xml',
  [html.NS.XMLNS]: 'xmlns',
};

// A context written as in html5lib tests: `td`, `svg path`, `math mi`.
function contextElement(context) {
  const space = context.indexOf(' ');
  let namespace = html.NS.HTML;
  let name = context;
  if (space >= 0) {
    const prefix = context.slice(0, space);
    name = context.slice(space + 1);
    if (prefix === 'svg') namespace = html.NS.SVG;
    else if (prefix === 'math') namespace = html.NS.MATHML;
    else throw new Error(`bad fragment context ${JSON.stringify(context)}`);
  }
  return defaultTreeAdapter.createElement(name, namespace, []);
}

function attributeName(attr) {
  const prefix = attr.namespace ? ATTRIBUTE_NAMESPACE_PREFIX[attr.namespace] : undefined;
  return prefix ? `${prefix} ${attr.name}` : attr.name;
}

// UTF-16 code unit order, as the html5lib format sorts attributes.
function byName(a, b) {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

// The html5lib tree dump of a node's children, with an explicit stack (no recursion
// on document depth).
function dump(root) {
  const lines = [];
  const line = (depth, text) => lines.push(`| ${'  '.repeat(depth)}${text}`);
  const stack = [];
  const pushChildren = (nodes, depth) => {
    for (let i = nodes.length - 1; i >= 0; i--) stack.push([nodes[i], depth]);
  };
  pushChildren(root.childNodes, 0);
  while (stack.length > 0) {
    const [node, depth] = stack.pop();
    switch (node.nodeName) {
      case '#documentType': {
        const ids = node.publicId || node.systemId ? ` "${node.publicId}" "${node.systemId}"` : '';
        line(depth, `<!DOCTYPE ${node.name}${ids}>`);
        break;
      }
      case '#comment':
        line(depth, `<!-- ${node.data} -->`);
        break;
      case '#text':
        line(depth, `"${node.value}"`);
        break;
      case '#content':
        line(depth, 'content');
        break;
      default: {
        const prefix = NAMESPACE_PREFIX[node.namespaceURI];
        line(depth, prefix ? `<${prefix} ${node.tagName}>` : `<${node.tagName}>`);
        const attributes = node.attrs.map((attr) => [attributeName(attr), attr.value]);
        attributes.sort(byName);
        for (const [name, value] of attributes) line(depth + 1, `${name}="${value}"`);
        // Children first on the stack, so that the template contents come out first.
        pushChildren(node.childNodes, depth + 1);
        if (node.content && node.nodeName === 'template' && node.namespaceURI === html.NS.HTML) {
          pushChildren(node.content.childNodes, depth + 2);
          stack.push([{ nodeName: '#content' }, depth + 1]);
        }
        break;
      }
    }
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

// Parses one request: { input, fragment: string|null, scripting: bool, errors?: bool }.
// With `errors` (litmus's errors level), the reply lists parse5's parse errors as
// its `onParseError` reports them: every code, the span from its start to its end
// (1-based lines, columns in UTF-16 code units, as parse5 counts them).
function run(request) {
  const options = { scriptingEnabled: request.scripting };
  const errors = [];
  if (request.errors) {
    options.onParseError = (e) =>
      errors.push({
        code: e.code,
        line: e.startLine,
        column: e.startCol,
        end_line: e.endLine,
        end_column: e.endCol,
      });
  }
  const root =
    request.fragment === null || request.fragment === undefined
      ? parse(request.input, options)
      : parseFragment(contextElement(request.fragment), request.input, options);
  const reply = { tree: dump(root), html: serialize(root, options) };
  if (request.errors) reply.errors = errors;
  return reply;
}

// --- The persistent protocol (version 2): 4-byte big-endian length, then that much
// UTF-8 JSON; a hello first, then one reply per request, in order. Requests may come
// before earlier replies are written: they are read as they arrive.

function frame(object) {
  const payload = Buffer.from(JSON.stringify(object), 'utf8');
  const header = Buffer.alloc(4);
  header.writeUInt32BE(payload.length, 0);
  return Buffer.concat([header, payload]);
}

function parse5Version() {
  try {
    const url = new URL('./node_modules/parse5/package.json', import.meta.url);
    return JSON.parse(readFileSync(url, 'utf8')).version;
  } catch {
    return 'unknown';
  }
}

function servePersistent() {
  process.stdout.write(
    frame({ protocol: 2, engine: 'parse5', version: `parse5 ${parse5Version()} (Node.js ${process.version})` }),
  );
  let buffered = Buffer.alloc(0);
  process.stdin.on('data', (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    while (buffered.length >= 4) {
      const length = buffered.readUInt32BE(0);
      if (buffered.length < 4 + length) break;
      const request = JSON.parse(buffered.subarray(4, 4 + length).toString('utf8'));
      buffered = buffered.subarray(4 + length);
      process.stdout.write(frame({ id: request.id, ...run(request) }));
    }
  });
  process.stdin.on('end', () => process.exit(0));
}

// --- The one-shot protocol: options as `litmus parse` takes them, input on stdin.

function oneShot(args) {
  const request = { fragment: null, scripting: true };
  let output = 'tree';
  for (let i = 0; i < args.length; i++) {
    const value = args[i + 1];
    switch (args[i]) {
      case '--fragment':
        request.fragment = value;
        i++;
        break;
      case '--scripting':
        if (value !== 'on' && value !== 'off') throw new Error('--scripting takes on or off');
        request.scripting = value === 'on';
        i++;
        break;
      case '--output':
        if (value !== 'tree' && value !== 'html') throw new Error('--output takes tree or html');
        output = value;
        i++;
        break;
      default:
        throw new Error(`unknown argument ${JSON.stringify(args[i])}`);
    }
  }
  const chunks = [];
  process.stdin.on('data', (chunk) => chunks.push(chunk));
  process.stdin.on('end', () => {
    request.input = Buffer.concat(chunks).toString('utf8');
    const result = run(request);
    process.stdout.write(output === 'html' ? `${result.html}\n` : result.tree);
  });
}

const args = process.argv.slice(2);
if (args.length === 0) servePersistent();
else oneShot(args);
