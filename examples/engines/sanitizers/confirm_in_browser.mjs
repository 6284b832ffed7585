#!/usr/bin/env node
// Confirmation of sanitizer findings in a real browser (docs/sanitizers.md): does a
// sanitizer's output, inserted into a page the way its users insert it, run the
// payload's marker, `litmus_marker()`?
//
//   node examples/engines/sanitizers/confirm_in_browser.mjs [--browser chromium|firefox] [--wait-ms N] < items.json
//
// Input (stdin): a JSON list of `{"id", "html"}`. Output (stdout): one JSON object
// `{"browser", "version", "results": [{"id", "ran", "on", "error"}]}`, a result per
// item in order: `ran` whether the marker was called, `on` when (`"insertion"`: with
// no interaction, or `"interaction"`: only once the page clicked and dispatched
// events, below; null when it did not run), `error` why the item could not be
// checked (then `ran` is false and means nothing). Exits 0 once every item has a
// result, 2 when the browser cannot start (a message on stderr, nothing on stdout), 3
// when the browser died on the way (the results so far, the rest with an error).
//
// One headless browser runs for all the items (Chromium through chromium.mjs's
// DevTools pipe, Firefox through firefox.mjs's WebDriver BiDi client), and each item
// gets a fresh page of its own:
//
// 1. The page is `<!DOCTYPE html><html><head></head><body></body></html>` with no
//    Content-Security-Policy (a policy would keep inline handlers from running, which
//    the sanitizers' users do not have), served by this program: every other request
//    fails before the network (Chromium: the Fetch domain fails it; Firefox: the local
//    server answers 404 and the profile's proxy refuses every other address), so that
//    `<img src=x onerror=…>` gets its error event. Every document of the page, its
//    frames' too, defines `litmus_marker` as a function that records the call and
//    nothing else, and `alert`, `confirm`, `prompt` and `print` as functions that do
//    nothing (a dialog would block the page).
// 2. `document.body.innerHTML = html`: how DOMPurify's, sanitize-html's, bleach's
//    users insert the output (scripts inserted so do not run; event handlers,
//    `javascript:` URLs of frames and `srcdoc` documents do).
// 3. WAIT_MS for the events insertion sets off (load, error, …): a call by then is
//    `on: "insertion"`.
// 4. Then interaction, what a user's click, hover or focus would do: every element
//    under the body with an `href` (or `xlink:href`) that is a `javascript:` URL gets
//    a click event, every form whose action is one is submitted, and every element
//    with an `on…` attribute gets the event its name says (`onmouseover`: a
//    `mouseover` event), dispatched on it. WAIT_MS again: a call by then is `on:
//    "interaction"`.
//
// Nothing but the marker is called by this program; what else the output runs stays
// in a page with no network. A page that hangs (a handler that never returns) is an
// error for its item after ITEM_TIMEOUT_MS, and the next item gets a new page.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ENGINES = join(HERE, '..');

/** How long a page has for the events of insertion, then of interaction. */
const WAIT_MS = 300;
/** How long one item may take, at most. */
const ITEM_TIMEOUT_MS = 10_000;

/** The page each item is inserted into. */
const PAGE = '<!DOCTYPE html><html><head><title>litmus</title></head><body></body></html>';

/**
 * What every document of a page runs first: the marker, which calls `record` (a
 * function of the browser's automation) and nothing else, and dialogs that do nothing.
 */
function markerSource(record) {
  return `(() => {
  const record = ${record};
  try { window.litmus_marker = function () { try { record(); } catch (e) {} }; } catch (e) {}
  for (const name of ['alert', 'confirm', 'prompt', 'print']) {
    try { window[name] = function () { return null; }; } catch (e) {}
  }
})();`;
}

/** The interaction of step 4, run in the page. Returns what it did. */
function interact() {
  const JAVASCRIPT = /^[\u0000-\u0020]*j[\t\n\r]*a[\t\n\r]*v[\t\n\r]*a[\t\n\r]*s[\t\n\r]*c[\t\n\r]*r[\t\n\r]*i[\t\n\r]*p[\t\n\r]*t[\t\n\r]*:/i;
  const XLINK = 'http://www.w3.org/1999/xlink';
  let clicks = 0;
  let events = 0;
  const elements = document.body ? Array.from(document.body.querySelectorAll('*')) : [];
  for (const element of elements) {
    const href = element.getAttribute('href') ?? element.getAttributeNS(XLINK, 'href');
    if (href !== null && JAVASCRIPT.test(href)) {
      try {
        element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
        clicks++;
      } catch (e) {
        // an element that refuses: nothing to learn
      }
    }
    if (element.localName === 'form' && JAVASCRIPT.test(element.getAttribute('action') ?? '')) {
      try {
        element.submit();
        clicks++;
      } catch (e) {
        // detached or refused
      }
    }
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.length > 2 && name.startsWith('on')) {
        try {
          element.dispatchEvent(new Event(name.slice(2), { bubbles: false, cancelable: true }));
          events++;
        } catch (e) {
          // an event name the browser refuses
        }
      }
    }
  }
  return { clicks, events };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `promise`, rejecting after `ms` milliseconds. */
function within(ms, what, promise) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Chromium, through chromium.mjs's browser and DevTools pipe, a new target per item. */
async function chromium() {
  const { ChromiumEngine } = await import(pathToFileURL(join(ENGINES, 'chromium.mjs')).href);
  /** The browser alone: no page of the adapter's, nor its listeners (its pages' requests are served here). */
  class Browser extends ChromiumEngine {
    listen() {}

    async openPage() {
      await this.pipe.send('Target.getTargets');
      return { context: null, session: null };
    }
  }
  const engine = new Browser();
  await engine.start();
  const pipe = engine.pipe;
  const URL = 'http://litmus-confirm.invalid/';
  // The events of the current item's session (one item at a time).
  let current = null;
  pipe.on('Runtime.bindingCalled', (params, sessionId) => {
    if (current !== null && sessionId === current.session && params.name === '__litmus_record') current.calls++;
  });
  pipe.on('Fetch.requestPaused', ({ requestId, request }, sessionId) => {
    const answer =
      request.url === URL
        ? pipe.send(
            'Fetch.fulfillRequest',
            {
              requestId,
              responseCode: 200,
              responseHeaders: [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }],
              body: Buffer.from(PAGE, 'utf8').toString('base64'),
            },
            sessionId,
          )
        : pipe.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' }, sessionId);
    answer.catch(() => {});
  });
  pipe.on('Page.javascriptDialogOpening', (_, sessionId) => {
    pipe.send('Page.handleJavaScriptDialog', { accept: false }, sessionId).catch(() => {});
  });
  pipe.on('Page.loadEventFired', (_, sessionId) => {
    if (current !== null && sessionId === current.session) current.loaded?.();
  });

  async function check(html) {
    const { targetId } = await pipe.send('Target.createTarget', { url: 'about:blank' });
    const item = { session: null, calls: 0, loaded: null, targetId };
    current = item;
    try {
      return await within(ITEM_TIMEOUT_MS, 'the page', checkIn(item, html));
    } finally {
      current = null;
      await within(5_000, 'closing the page', pipe.send('Target.closeTarget', { targetId })).catch(() => {});
    }
  }

  async function checkIn(item, html) {
    const { sessionId } = await pipe.send('Target.attachToTarget', { targetId: item.targetId, flatten: true });
    item.session = sessionId;
    const send = (method, params = {}) => pipe.send(method, params, sessionId);
    await send('Fetch.enable', { patterns: [{ urlPattern: '*' }] });
    await send('Page.enable');
    await send('Runtime.enable');
    await send('Runtime.addBinding', { name: '__litmus_record' });
    await send('Page.addScriptToEvaluateOnNewDocument', { source: markerSource('() => window.__litmus_record("")') });
    const loaded = new Promise((resolve) => {
      item.loaded = resolve;
    });
    const navigated = await send('Page.navigate', { url: URL });
    if (navigated.errorText) throw new Error(`cannot load the page: ${navigated.errorText}`);
    await loaded;
    const evaluate = async (expression) => {
      const result = await send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
      if (result.exceptionDetails) {
        throw new Error('page exception: ' + (result.exceptionDetails.exception?.description ?? result.exceptionDetails.text));
      }
      return result.result.value;
    };
    await evaluate(`document.body.innerHTML = ${JSON.stringify(html)}; true`);
    await sleep(waitMs);
    if (item.calls > 0) return { ran: true, on: 'insertion' };
    // The interaction's own exceptions (a handler's) are the page's; a page that
    // navigated away has no body to click.
    await evaluate(`(${interact.toString()})()`).catch(() => {});
    await sleep(waitMs);
    return item.calls > 0 ? { ran: true, on: 'interaction' } : { ran: false, on: null };
  }

  return { engine, check, alive: () => engine.crashed === null };
}

/** Firefox, through firefox.mjs's browser and WebDriver BiDi client, a new tab per item. */
async function firefox() {
  const { FirefoxEngine } = await import(pathToFileURL(join(ENGINES, 'firefox.mjs')).href);
  const { servePage } = await import(pathToFileURL(join(ENGINES, 'browser_adapter.mjs')).href);
  /** The browser alone, and the page served with no policy. */
  class Browser extends FirefoxEngine {
    async openPage() {
      this.server = await servePage(PAGE, null);
      await this.bidi.send('script.addPreloadScript', {
        functionDeclaration: `() => { ${markerSource('() => { top.__litmus_calls = (top.__litmus_calls || 0) + 1; }')} }`,
      });
    }
  }
  const engine = new Browser();
  await engine.start();
  const bidi = engine.bidi;

  async function check(html) {
    const { context } = await bidi.send('browsingContext.create', { type: 'tab' });
    try {
      return await within(ITEM_TIMEOUT_MS, 'the page', checkIn(context, html));
    } finally {
      await within(5_000, 'closing the page', bidi.send('browsingContext.close', { context })).catch(() => {});
    }
  }

  async function checkIn(context, html) {
    await bidi.send('browsingContext.navigate', { context, url: engine.server.url, wait: 'complete' });
    const evaluate = async (expression) => {
      const result = await bidi.send('script.evaluate', {
        expression,
        target: { context },
        awaitPromise: true,
        resultOwnership: 'none',
      });
      if (result.type === 'exception') throw new Error(`page exception: ${result.exceptionDetails?.text}`);
      return result.result.value;
    };
    const calls = () => evaluate('window.__litmus_calls || 0').catch(() => 0);
    await evaluate(`document.body.innerHTML = ${JSON.stringify(html)}; true`);
    await sleep(waitMs);
    if ((await calls()) > 0) return { ran: true, on: 'insertion' };
    await evaluate(`JSON.stringify((${interact.toString()})())`).catch(() => {});
    await sleep(waitMs);
    return (await calls()) > 0 ? { ran: true, on: 'interaction' } : { ran: false, on: null };
  }

  return { engine, check, alive: () => engine.crashed === null };
}

const BROWSERS = { chromium, firefox };

async function main(args) {
  let browser = 'chromium';
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--browser') browser = args[++i];
    else if (args[i] === '--wait-ms') {
      const ms = Number(args[++i]);
      if (!Number.isInteger(ms) || ms < 0) throw new Error(`--wait-ms: ${args[i]} is not a number of milliseconds`);
      waitMs = ms;
    } else {
      process.stderr.write(`confirm_in_browser: unknown argument ${args[i]}\n`);
      return 2;
    }
  }
  if (!(browser in BROWSERS)) {
    process.stderr.write(`confirm_in_browser: --browser ${browser}: chromium or firefox\n`);
    return 2;
  }
  let items;
  try {
    items = JSON.parse(readFileSync(0, 'utf8'));
    if (!Array.isArray(items) || items.some((i) => typeof i?.html !== 'string')) throw new Error('not a list of {id, html}');
  } catch (e) {
    process.stderr.write(`confirm_in_browser: the input: ${e.message}\n`);
    return 2;
  }
  let opened;
  try {
    opened = await BROWSERS[browser]();
  } catch (e) {
    process.stderr.write(`confirm_in_browser: cannot start ${browser}: ${e.message}\n`);
    return 2;
  }
  const { engine, check, alive } = opened;
  const results = [];
  let status = 0;
  try {
    for (const item of items) {
      if (!alive()) {
        results.push({ id: item.id, ran: false, on: null, error: engine.crashed });
        status = 3;
        continue;
      }
      try {
        const { ran, on } = await check(item.html);
        results.push({ id: item.id, ran, on, error: null });
      } catch (e) {
        results.push({ id: item.id, ran: false, on: null, error: e.message });
        if (!alive()) status = 3;
      }
    }
  } finally {
    await engine.stop().catch(() => {});
  }
  if (status === 3) process.stderr.write(`confirm_in_browser: ${browser}: ${engine.crashed}\n`);
  process.stdout.write(JSON.stringify({ browser, version: engine.version, results }) + '\n');
  return status;
}

let waitMs = WAIT_MS;

process.exitCode = await main(process.argv.slice(2));
