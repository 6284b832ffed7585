#!/usr/bin/env node
// Headless Chromium as a litmus engine (docs/chromium.md).
//
//   persistent: node examples/engines/chromium.mjs
//   one-shot:   node examples/engines/chromium.mjs --one-shot [--fragment CONTEXT] [--scripting on|off] [--output tree|html] [FILE|-]
//   version:    node examples/engines/chromium.mjs --version
//
// One browser (Debian's /usr/bin/chromium, or $CHROMIUM) runs for the adapter's whole
// life, driven by playwright-core, with one page that every request reuses. The page
// is served by the adapter itself (request interception, never the network) with the
// Content-Security-Policy `default-src 'none'; script-src 'none'; …`, so nothing the
// input contains can run a script or fetch anything, while the page's scripting flag
// stays on. How each litmus option maps to a browser API:
//
//   document, scripting on   document.open()/write(input)/close() on the document of a
//                            same-origin about:blank iframe (inherits the CSP), reused
//                            unless the input may hold a <meta>
//   document, scripting off  new DOMParser().parseFromString(input, "text/html")
//   fragment, scripting on   context.innerHTML = input, context made with
//                            createElementNS in the page's own (no-quirks) document
//   fragment, scripting off  the same, in a document made by
//                            document.implementation.createHTMLDocument("")
//
// The tree is written in the html5lib format by a script in the page (an explicit
// stack, no recursion); the serialization is the browser's own (innerHTML of the
// context element; for documents, each child of the Document in turn: outerHTML of
// elements, innerHTML of a holder for comments and processing instructions, and
// `<!DOCTYPE name>` for the doctype, as the HTML serialization algorithm writes it).
//
// Protocol (persistent): on stdin, messages of a 4-byte big-endian length N and N bytes
// of UTF-8 JSON `{"id", "input", "fragment", "scripting"}`; on stdout, one reply per
// request, in order: `{"id", "tree", "html"}` or `{"id", "error"}`. Exits when stdin
// closes. A crash of the page or the browser ends the adapter with exit status 3, so
// that litmus records the input as a crash and restarts the engine.
//
// Install first: `npm ci --prefix examples/engines` (or scripts/setup-chromium.sh).

import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const EXECUTABLE = process.env.CHROMIUM || '/usr/bin/chromium';
const PAGE_URL = 'http://litmus.invalid/';
const CSP = [
  "default-src 'none'",
  "script-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
const PAGE = '<!DOCTYPE html><html><head><title>litmus</title></head><body></body></html>';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

// ---------------------------------------------------------------------------------
// The script in the page. `installInPage` runs once in the page (through
// page.evaluate) and defines `window.__litmus(request)`, which answers one request:
// `{tree, html}` or `{error}` (or a promise of it, should a parser have to wait), and
// `window.__litmusBatch(requests)`.

function installInPage() {
  const HTML = 'http://www.w3.org/1999/xhtml';
  const SVG = 'http://www.w3.org/2000/svg';
  const MATHML = 'http://www.w3.org/1998/Math/MathML';
  const XLINK = 'http://www.w3.org/1999/xlink';
  const XML = 'http://www.w3.org/XML/1998/namespace';
  const XMLNS = 'http://www.w3.org/2000/xmlns/';

  function tagNameString(element) {
    switch (element.namespaceURI) {
      case HTML:
        return element.localName;
      case SVG:
        return 'svg ' + element.localName;
      case MATHML:
        return 'math ' + element.localName;
      default:
        // Not made by the HTML parser; written so that it cannot pass for one that is.
        return (element.namespaceURI ?? '') + ' ' + element.localName;
    }
  }

  function attributeNameString(attr) {
    switch (attr.namespaceURI) {
      case null:
        return attr.localName;
      case XLINK:
        return 'xlink ' + attr.localName;
      case XML:
        return 'xml ' + attr.localName;
      case XMLNS:
        return 'xmlns ' + attr.localName;
      default:
        return attr.namespaceURI + ' ' + attr.localName;
    }
  }

  // The elements that can host a shadow root ("valid shadow host name"), besides
  // autonomous custom elements.
  const SHADOW_HOSTS = new Set(['article', 'aside', 'blockquote', 'body', 'div', 'footer', 'h1', 'h2', 'h3', 'h4',
    'h5', 'h6', 'header', 'main', 'nav', 'p', 'section', 'span']);

  // Whether `element` hosts a closed shadow root, which script cannot see: asking for
  // an open one fails exactly then (a declarative root of another mode, or none that
  // script could replace). Asking attaches an empty open root where there was none,
  // so this runs only after the document has been serialized, on documents thrown
  // away afterwards.
  function hostsClosedShadowRoot(element) {
    if (element.namespaceURI !== HTML) return false;
    if (!SHADOW_HOSTS.has(element.localName) && !element.localName.includes('-')) return false;
    try {
      element.attachShadow({ mode: 'open' });
      return false;
    } catch (e) {
      return e.name === 'NotSupportedError';
    }
  }

  // The html5lib dump of `root`'s children. Template contents come under `content`;
  // a shadow root (declarative shadow DOM, which only document.write parses attach
  // here) under `#shadow-root (open)`, before the host's children, as DevTools shows
  // it: the html5lib format has no notation for it. With `probeClosed`, a closed shadow
  // root shows as an empty `#shadow-root (closed)` (its contents are out of reach).
  function dumpChildren(root, probeClosed = false) {
    let out = '';
    const stack = [];
    const pushChildren = (parent, depth) => {
      for (let child = parent.lastChild; child !== null; child = child.previousSibling) {
        stack.push(child, depth);
      }
    };
    const indent = (depth) => '| ' + '  '.repeat(depth);
    pushChildren(root, 0);
    while (stack.length > 0) {
      const depth = stack.pop();
      const node = stack.pop();
      if (typeof node === 'string') {
        // A pseudo-line: `content` or `#shadow-root (…)`; its fragment follows.
        const fragment = stack.pop();
        out += indent(depth) + node + '\n';
        pushChildren(fragment, depth + 1);
        continue;
      }
      switch (node.nodeType) {
        case Node.ELEMENT_NODE: {
          out += indent(depth) + '<' + tagNameString(node) + '>\n';
          const attrs = [];
          for (const attr of node.attributes) attrs.push([attributeNameString(attr), attr.value]);
          attrs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
          for (const [name, value] of attrs) {
            out += indent(depth + 1) + name + '="' + value + '"\n';
          }
          pushChildren(node, depth + 1);
          if (node.namespaceURI === HTML && node.localName === 'template') {
            stack.push(node.content, 'content', depth + 1);
          }
          const shadow = node.shadowRoot;
          if (shadow) {
            stack.push(shadow, '#shadow-root (' + shadow.mode + ')', depth + 1);
          } else if (probeClosed && hostsClosedShadowRoot(node)) {
            stack.push(document.createDocumentFragment(), '#shadow-root (closed)', depth + 1);
          }
          break;
        }
        case Node.TEXT_NODE:
        case Node.CDATA_SECTION_NODE:
          out += indent(depth) + '"' + node.data + '"\n';
          break;
        case Node.COMMENT_NODE:
          out += indent(depth) + '<!-- ' + node.data + ' -->\n';
          break;
        case Node.PROCESSING_INSTRUCTION_NODE:
          out += indent(depth) + '<?' + node.target + ' ' + node.data + '?>\n';
          break;
        case Node.DOCUMENT_TYPE_NODE:
          if (node.publicId === '' && node.systemId === '') {
            out += indent(depth) + '<!DOCTYPE ' + node.name + '>\n';
          } else {
            out +=
              indent(depth) + '<!DOCTYPE ' + node.name + ' "' + node.publicId + '" "' + node.systemId + '">\n';
          }
          break;
        default:
          out += indent(depth) + '#node type ' + node.nodeType + '\n';
      }
    }
    return out;
  }

  // The HTML fragment serialization of a Document's children, through the browser's
  // serializer wherever it has an entry point for the node.
  function serializeDocument(doc) {
    let out = '';
    let holder = null;
    for (let child = doc.firstChild; child !== null; child = child.nextSibling) {
      switch (child.nodeType) {
        case Node.ELEMENT_NODE:
          out += child.outerHTML;
          break;
        case Node.DOCUMENT_TYPE_NODE:
          // "If current node is a DocumentType node": "<!DOCTYPE " + name + ">".
          out += '<!DOCTYPE ' + child.name + '>';
          break;
        default:
          holder ??= doc.createElement('div');
          holder.replaceChildren(child.cloneNode(false));
          out += holder.innerHTML;
      }
    }
    return out;
  }

  // A context written as in html5lib tests: `td`, `svg path`, `math mi`.
  function parseContext(context) {
    const space = context.indexOf(' ');
    if (space < 0) return [HTML, context];
    const prefix = context.slice(0, space);
    const name = context.slice(space + 1);
    if (prefix === 'svg') return [SVG, name];
    if (prefix === 'math') return [MATHML, name];
    throw new Error('bad fragment context ' + JSON.stringify(context));
  }

  // The document that scripting-off fragments' context elements belong to: no
  // browsing context, so the fragment parser's scripting flag is off; no-quirks.
  let inertDocument = null;

  // The iframe whose document scripting-on documents are written into. It is reused
  // (document.open() empties it and its window keeps no trace of what was written)
  // unless the input may have contained a <meta> element: an http-equiv pragma can
  // schedule a refresh or add a Content-Security-Policy to the window, which would
  // outlive the document, so such an iframe is removed and a new one made. (Making an
  // iframe costs about 60 times as much as a document.open() on one.)
  let scriptedFrame = null;

  function parseDocumentScripted(input) {
    if (scriptedFrame === null) {
      scriptedFrame = document.createElement('iframe');
      scriptedFrame.style.display = 'none';
      document.body.appendChild(scriptedFrame);
    }
    const frame = scriptedFrame;
    if (/meta/i.test(input)) scriptedFrame = null;
    const doc = frame.contentDocument;
    const finish = () => {
      try {
        const html = serializeDocument(doc);
        return { tree: dumpChildren(doc, /shadowrootmode/i.test(input)), html };
      } finally {
        if (frame !== scriptedFrame) frame.remove();
      }
    };
    try {
      doc.open();
      doc.write(input);
      doc.close();
    } catch (e) {
      if (frame !== scriptedFrame) frame.remove();
      else scriptedFrame = null;
      throw e;
    }
    if (doc.readyState !== 'loading') return finish();
    // The parser is still waiting (for a parser-blocking script, say: none has been
    // seen to wait here, as the CSP refuses them at once): answer when it is done.
    return new Promise((resolve) => {
      const done = () => {
        if (doc.readyState === 'loading') return;
        doc.removeEventListener('readystatechange', done);
        resolve(finish());
      };
      doc.addEventListener('readystatechange', done);
    });
  }

  function parseDocumentUnscripted(input) {
    const doc = new DOMParser().parseFromString(input, 'text/html');
    return { tree: dumpChildren(doc), html: serializeDocument(doc) };
  }

  function parseFragment(input, context, scripting) {
    let owner = document;
    if (!scripting) {
      inertDocument ??= document.implementation.createHTMLDocument('');
      owner = inertDocument;
    }
    const [namespace, localName] = parseContext(context);
    let element;
    try {
      element = owner.createElementNS(namespace, localName);
    } catch (e) {
      throw new Error('context element ' + JSON.stringify(context) + ' cannot be created: ' + e.message);
    }
    element.innerHTML = input;
    const root = namespace === HTML && localName === 'template' ? element.content : element;
    return { tree: dumpChildren(root), html: element.innerHTML };
  }

  const failure = (e) => ({ error: String(e && e.message ? e.message : e) });

  // The answer, or a promise of it when a parser had to wait.
  window.__litmus = function (request) {
    try {
      let answer;
      if (request.fragment === null || request.fragment === undefined) {
        answer = request.scripting ? parseDocumentScripted(request.input) : parseDocumentUnscripted(request.input);
      } else {
        answer = parseFragment(request.input, request.fragment, request.scripting);
      }
      return answer instanceof Promise ? answer.catch(failure) : answer;
    } catch (e) {
      return failure(e);
    }
  };

  // Several requests in one call, answered one after the other.
  window.__litmusBatch = async function (requests) {
    const answers = [];
    for (const request of requests) answers.push(await window.__litmus(request));
    return answers;
  };

  // A self-check of the set-up: scripting on really is on (noscript is raw text) and
  // off really is off, in both the document and the fragment paths.
  const probe = '<noscript><p>x</p></noscript>';
  const onDoc = window.__litmus({ input: probe, fragment: null, scripting: true }).tree;
  const offDoc = window.__litmus({ input: probe, fragment: null, scripting: false }).tree;
  const onFrag = window.__litmus({ input: probe, fragment: 'div', scripting: true }).tree;
  const offFrag = window.__litmus({ input: probe, fragment: 'div', scripting: false }).tree;
  return {
    documentOn: onDoc.includes('"<p>x</p>"'),
    documentOff: offDoc.includes('<p>') && !offDoc.includes('"<p>x</p>"'),
    fragmentOn: onFrag.includes('"<p>x</p>"'),
    fragmentOff: offFrag.includes('<p>') && !offFrag.includes('"<p>x</p>"'),
  };
}

// ---------------------------------------------------------------------------------
// The browser.

// The address-space limit (RLIMIT_AS) this process runs under, in bytes, or null for
// none. Chromium reserves far more address space than it uses (its renderer could not
// start here under 64 GiB, only under 1 TiB or more; Node.js itself fails under 4 GiB),
// so litmus's worker memory limit must not reach it.
function addressSpaceLimit() {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max address space'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === undefined || soft === 'unlimited' ? null : Number(soft);
  } catch {
    return null;
  }
}

// Profiles are `litmus-chromium-PID-XXXXXX` in the temporary folder. An adapter killed
// by a timeout (SIGKILL) cannot remove its own, so each start removes those whose
// adapter is gone (a few MB each).
const PROFILE_PREFIX = 'litmus-chromium-';

function removeStaleProfiles() {
  let names;
  try {
    names = readdirSync(tmpdir());
  } catch {
    return;
  }
  for (const name of names) {
    const match = name.startsWith(PROFILE_PREFIX) ? /^(\d+)-/.exec(name.slice(PROFILE_PREFIX.length)) : null;
    if (match === null || Number(match[1]) === process.pid) continue;
    try {
      process.kill(Number(match[1]), 0);
      continue; // its adapter still runs
    } catch (e) {
      if (e.code !== 'ESRCH') continue;
    }
    rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

const ADDRESS_SPACE_HINT = 'Chromium needs an unlimited address space: run this engine without a memory limit';

export class ChromiumEngine {
  async start() {
    // Under a limit below 1 TiB the renderer cannot start, and the launch only fails
    // after minutes: refuse at once.
    const limit = addressSpaceLimit();
    if (limit !== null && limit < 2 ** 40) {
      throw new Error(`RLIMIT_AS is ${limit} bytes. ${ADDRESS_SPACE_HINT}`);
    }
    try {
      await this.launch();
    } catch (e) {
      if (limit !== null) e.message = `RLIMIT_AS is ${limit} bytes (${ADDRESS_SPACE_HINT}): ${e.message}`;
      throw e;
    }
  }

  async launch() {
    removeStaleProfiles();
    this.profile = mkdtempSync(join(tmpdir(), `${PROFILE_PREFIX}${process.pid}-`));
    this.context = await chromium.launchPersistentContext(this.profile, {
      executablePath: EXECUTABLE,
      headless: true,
      args: FLAGS,
    });
    this.version = this.context.browser()?.version() ?? chromiumVersion();
    this.crashed = null;
    // The page is ours; every other request (anything the input asks for that got
    // past the CSP) is refused here, before it reaches the network.
    await this.context.route('**/*', (route) => {
      if (route.request().url() === PAGE_URL) {
        return route.fulfill({
          status: 200,
          contentType: 'text/html; charset=utf-8',
          headers: { 'content-security-policy': CSP },
          body: PAGE,
        });
      }
      return route.abort('blockedbyclient');
    });
    this.page = this.context.pages()[0] ?? (await this.context.newPage());
    this.page.on('crash', () => {
      this.crashed = 'the page crashed';
    });
    this.context.on('close', () => {
      this.crashed ??= 'the browser closed';
    });
    await this.page.goto(PAGE_URL);
    const check = await this.page.evaluate(installInPage);
    for (const [what, ok] of Object.entries(check)) {
      if (!ok) throw new Error(`set-up check failed: scripting flag wrong for ${what}`);
    }
    // Requests go straight to the DevTools protocol: one Runtime.evaluate per request.
    this.cdp = await this.context.newCDPSession(this.page);
  }

  // One request: `{tree, html}` or `{error}`.
  async parse(request) {
    return (await this.parseBatch([request]))[0];
  }

  // Requests in one DevTools round trip (Runtime.evaluate): their answers, in order.
  async parseBatch(requests) {
    const plain = requests.map((r) => ({ input: r.input, fragment: r.fragment ?? null, scripting: !!r.scripting }));
    const expression = `window.__litmusBatch(${JSON.stringify(plain)})`;
    const result = await this.cdp.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
    if (result.exceptionDetails) {
      const error = 'page exception: ' + (result.exceptionDetails.exception?.description ?? result.exceptionDetails.text);
      return requests.map(() => ({ error }));
    }
    return result.result.value;
  }

  // Closes the browser (giving it 5 s; playwright-core kills what is left of it when
  // this process exits) and removes the profile.
  async stop() {
    if (this.context) {
      let timer;
      const timeout = new Promise((resolve) => {
        timer = setTimeout(resolve, 5000);
      });
      // A browser that is gone already may reject, or never answer.
      await Promise.race([this.context.close().catch(() => {}), timeout]);
      clearTimeout(timer);
    }
    if (this.profile) rmSync(this.profile, { recursive: true, force: true });
  }
}

function chromiumVersion() {
  try {
    return execFileSync(EXECUTABLE, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch (e) {
    return `unknown (${EXECUTABLE}: ${e.message})`;
  }
}

// ---------------------------------------------------------------------------------
// The protocol.

function frame(object) {
  const body = Buffer.from(JSON.stringify(object), 'utf8');
  const header = Buffer.alloc(4);
  header.writeUInt32BE(body.length, 0);
  return Buffer.concat([header, body]);
}

function writeOut(buffer) {
  return new Promise((resolve, reject) => {
    process.stdout.write(buffer, (error) => (error ? reject(error) : resolve()));
  });
}

// Reads messages from stdin into a queue. `next()` resolves to every message read and
// not yet taken (at least one; at most `max`), or to null once stdin has closed and the
// queue is empty.
class MessageQueue {
  constructor(stream) {
    this.pending = Buffer.alloc(0);
    this.messages = [];
    this.closed = false;
    this.wake = null;
    stream.on('data', (chunk) => {
      this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
      while (this.pending.length >= 4) {
        const length = this.pending.readUInt32BE(0);
        if (this.pending.length < 4 + length) break;
        this.messages.push(this.pending.subarray(4, 4 + length).toString('utf8'));
        this.pending = this.pending.subarray(4 + length);
      }
      this.notify();
    });
    stream.on('end', () => {
      if (this.pending.length > 0) {
        process.stderr.write(`chromium.mjs: stdin closed inside a message (${this.pending.length} bytes left)\n`);
      }
      this.closed = true;
      this.notify();
    });
  }

  notify() {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  async next(max) {
    while (this.messages.length === 0 && !this.closed) {
      await new Promise((resolve) => {
        this.wake = resolve;
      });
    }
    if (this.messages.length === 0) return null;
    return this.messages.splice(0, max);
  }
}

// Requests that arrived together (a caller that sends before it reads) go to the page
// in one round trip, up to this many.
const BATCH = 32;

async function persistent() {
  const engine = new ChromiumEngine();
  const started = Date.now();
  try {
    await engine.start();
  } catch (e) {
    process.stderr.write(`chromium.mjs: cannot start ${EXECUTABLE}: ${e.message}\n`);
    await engine.stop();
    process.exit(2);
  }
  process.stderr.write(`chromium.mjs: Chromium ${engine.version} ready in ${Date.now() - started} ms\n`);
  // Protocol 2: a hello first, with what runs; requests may then come ahead of the
  // replies, and those that arrive together go to the page together.
  const playwright = JSON.parse(readFileSync(new URL('./node_modules/playwright-core/package.json', import.meta.url), 'utf8'));
  await writeOut(frame({ protocol: 2, engine: 'chromium', version: `Chromium ${engine.version}, headless, via playwright-core ${playwright.version}` }));
  const queue = new MessageQueue(process.stdin);
  let status = 0;
  try {
    for (let texts = await queue.next(BATCH); texts !== null; texts = await queue.next(BATCH)) {
      let requests;
      try {
        requests = texts.map((text) => JSON.parse(text));
      } catch (e) {
        process.stderr.write(`chromium.mjs: unreadable request: ${e.message}\n`);
        status = 2;
        break;
      }
      let answers;
      try {
        answers = await engine.parseBatch(requests);
      } catch (e) {
        if (engine.crashed || engine.page.isClosed()) {
          const ids = requests.map((r) => r.id).join(', ');
          process.stderr.write(`chromium.mjs: ${engine.crashed ?? 'the page closed'} on request ${ids}: ${e.message}\n`);
          status = 3;
          break;
        }
        answers = requests.map(() => ({ error: `chromium: ${e.message}` }));
      }
      const replies = requests.map((request, i) => {
        const answer = answers[i];
        return answer.error !== undefined
          ? frame({ id: request.id, error: answer.error })
          : frame({ id: request.id, tree: answer.tree, html: answer.html });
      });
      await writeOut(Buffer.concat(replies));
    }
  } finally {
    await engine.stop();
  }
  process.exit(status);
}

async function oneShot(args) {
  let fragment = null;
  let scripting = true;
  let output = 'tree';
  let file = '-';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--fragment') fragment = args[++i];
    else if (arg === '--scripting') scripting = args[++i] === 'on';
    else if (arg === '--output') output = args[++i];
    else file = arg;
  }
  const input = readFileSync(file === '-' ? 0 : file, 'utf8');
  const engine = new ChromiumEngine();
  await engine.start();
  try {
    const answer = await engine.parse({ input, fragment, scripting });
    if (answer.error !== undefined) {
      process.stderr.write(`chromium.mjs: ${answer.error}\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(output === 'html' ? answer.html + '\n' : answer.tree);
    }
  } finally {
    await engine.stop();
  }
}

const isMain = import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  const args = process.argv.slice(2);
  if (args[0] === '--version') {
    const playwright = JSON.parse(readFileSync(new URL('./node_modules/playwright-core/package.json', import.meta.url), 'utf8'));
    process.stdout.write(`${chromiumVersion()}, headless, via playwright-core ${playwright.version}\n`);
  } else if (args[0] === '--one-shot') {
    await oneShot(args.slice(1));
  } else {
    await persistent();
  }
}
