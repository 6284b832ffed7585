#!/usr/bin/env node
// Headless Chromium as a litmus engine (docs/browsers.md, docs/chromium.md).
//
//   persistent: node examples/engines/chromium.mjs
//   one-shot:   node examples/engines/chromium.mjs --one-shot [--fragment CONTEXT] [--scripting on|off] [--output tree|html] [FILE|-]
//   version:    node examples/engines/chromium.mjs --version
//
// One browser (Debian's /usr/bin/chromium, or $CHROMIUM) runs for the adapter's whole
// life, driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`: file
// descriptors 3 and 4, NUL-terminated JSON messages), with one page that every request
// reuses. No npm package is needed: the client is the few commands below.
//
// The page is served by the adapter itself (the Fetch domain intercepts every request
// of the page: the page's own is fulfilled, every other refused before the network)
// with the Content-Security-Policy of browser_page.mjs, so nothing the input contains
// can run a script or fetch anything, while the page's scripting flag stays on. The
// parsing, the dump and the serialization are browser_page.mjs's, shared with the
// Firefox and WebKit adapters; the protocol with litmus is browser_adapter.mjs's.
//
// The requests that arrive together go to the page in one Runtime.evaluate (a batch
// in, a batch of dumps out). A crash of the page or the browser ends the adapter with
// exit status 3, so that litmus records the crash and restarts the engine.

import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { freshProfile, isMain, refuseAddressSpaceLimit, runAdapter, within } from './browser_adapter.mjs';
import { CSP, PAGE, PAGE_URL, batchExpression, checkSetUp, installScript } from './browser_page.mjs';

export const EXECUTABLE = process.env.CHROMIUM || '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-hang-monitor',
  '--disable-ipc-flooding-protection',
  '--mute-audio',
  '--password-store=basic',
  '--remote-debugging-pipe',
];

/** How long the browser has to start and load the page. */
const START_TIMEOUT_MS = 60_000;

/** A DevTools protocol client on the browser's pipe. */
export class DevToolsPipe {
  constructor(child) {
    this.child = child;
    this.out = child.stdio[3];
    this.nextId = 1;
    this.waiting = new Map();
    this.listeners = new Map();
    this.closed = null;
    let pending = '';
    child.stdio[4].setEncoding('utf8');
    child.stdio[4].on('data', (text) => {
      pending += text;
      let end;
      while ((end = pending.indexOf('\0')) >= 0) {
        const message = JSON.parse(pending.slice(0, end));
        pending = pending.slice(end + 1);
        this.dispatch(message);
      }
    });
    child.stdio[4].on('close', () => this.close('the browser closed its DevTools pipe'));
    this.out.on('error', () => this.close('the browser stopped reading its DevTools pipe'));
  }

  dispatch(message) {
    if (message.id !== undefined) {
      const entry = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.error) entry?.reject(new Error(`${entry.method}: ${message.error.message}`));
      else entry?.resolve(message.result);
      return;
    }
    this.listeners.get(message.method)?.(message.params ?? {}, message.sessionId);
  }

  /** Ends every command in flight with `reason`. */
  close(reason) {
    this.closed ??= reason;
    for (const entry of this.waiting.values()) entry.reject(new Error(reason));
    this.waiting.clear();
  }

  send(method, params = {}, sessionId = undefined) {
    if (this.closed) return Promise.reject(new Error(this.closed));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, method });
      this.out.write(JSON.stringify({ id, method, params, sessionId }) + '\0');
    });
  }

  on(method, listener) {
    this.listeners.set(method, listener);
  }
}

export class ChromiumEngine {
  constructor() {
    this.crashed = null;
    this.version = null;
    /** A page opened ahead, for `reopen` (a promise of `{context, session}`), or null. */
    this.spare = null;
  }

  async start() {
    refuseAddressSpaceLimit('Chromium');
    this.profile = freshProfile('litmus-chromium');
    this.child = spawn(EXECUTABLE, [...FLAGS, `--user-data-dir=${this.profile}`, 'about:blank'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
      // Its own process group: stop() ends the whole browser. When the adapter dies,
      // even by SIGKILL, the browser sees its pipe close and exits.
      detached: true,
    });
    this.stderr = '';
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (text) => {
      this.stderr = (this.stderr + text).slice(-4000);
    });
    this.exited = new Promise((resolve) => this.child.on('exit', resolve));
    this.child.on('exit', (code, signal) => {
      this.crashed ??= `the browser exited (status ${code}, signal ${signal})`;
      this.pipe?.close(this.crashed);
    });
    this.pipe = new DevToolsPipe(this.child);
    this.listen();
    try {
      await within(START_TIMEOUT_MS, 'starting Chromium', this.usePage(this.openPage()));
    } catch (e) {
      const said = this.stderr.trim().split('\n').slice(-3).join(' | ');
      throw new Error(said ? `${e.message} (the browser said: ${said})` : e.message);
    }
    this.version = chromiumVersion();
  }

  /** Listens to the pages' events: those of a page given up on (`reopen`) are no longer the current page's. */
  listen() {
    const pipe = this.pipe;
    this.loading = new Map();
    pipe.on('Inspector.targetCrashed', (_, session) => {
      if (session === this.session) this.gone('the page crashed');
    });
    pipe.on('Target.detachedFromTarget', (params) => {
      if (params.sessionId === this.session) this.gone('the page closed');
    });
    pipe.on('Page.loadEventFired', (_, session) => this.loading.get(session)?.());
    // The page is ours; every other request (anything the input asks for that got
    // past the CSP) is refused here, before it reaches the network.
    pipe.on('Fetch.requestPaused', ({ requestId, request }, session) => {
      const answer =
        request.url === PAGE_URL
          ? pipe.send(
              'Fetch.fulfillRequest',
              {
                requestId,
                responseCode: 200,
                responseHeaders: [
                  { name: 'Content-Type', value: 'text/html; charset=utf-8' },
                  { name: 'Content-Security-Policy', value: CSP },
                ],
                body: Buffer.from(PAGE, 'utf8').toString('base64'),
              },
              session,
            )
          : pipe.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' }, session);
      answer.catch(() => {});
    });
  }

  /**
   * Opens a page in a browser context of its own (so a renderer process of its own),
   * serves it, and installs the parser in it: `{context, session}`.
   */
  async openPage() {
    const pipe = this.pipe;
    const { browserContextId: context } = await pipe.send('Target.createBrowserContext');
    const { targetId } = await pipe.send('Target.createTarget', { url: 'about:blank', browserContextId: context });
    const { sessionId: session } = await pipe.send('Target.attachToTarget', { targetId, flatten: true });
    await pipe.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] }, session);
    await pipe.send('Page.enable', {}, session);
    const loaded = new Promise((resolve) => this.loading.set(session, resolve));
    try {
      const navigated = await pipe.send('Page.navigate', { url: PAGE_URL }, session);
      if (navigated.errorText) throw new Error(`cannot load the page: ${navigated.errorText}`);
      await loaded;
    } finally {
      this.loading.delete(session);
    }
    const check = await this.evaluate(installScript('auto'), session);
    checkSetUp(check);
    return { context, session };
  }

  /** Makes the page `opening` will be the one requests go to. */
  async usePage(opening) {
    const { context, session } = await opening;
    this.context = context;
    this.session = session;
  }

  /** Opens the page `reopen` will use, ahead. */
  prepareReopen() {
    this.spare ??= this.openPage();
    this.spare.catch(() => {});
  }

  /**
   * Gives up on the page (it hangs): its browser context is disposed of, which ends
   * its renderer process, and the page opened ahead is used (a new one otherwise),
   * while another is opened ahead for the next time. Far quicker than a new browser.
   */
  async reopen() {
    const old = this.context;
    this.session = null;
    const opening = this.spare ?? this.openPage();
    this.spare = null;
    opening.catch(() => {});
    await within(START_TIMEOUT_MS, 'closing the page', this.pipe.send('Target.disposeBrowserContext', { browserContextId: old }));
    await within(START_TIMEOUT_MS, 'opening a page', this.usePage(opening));
    this.prepareReopen();
  }

  gone(reason) {
    this.crashed ??= reason;
    this.pipe.close(reason);
  }

  async evaluate(expression, session = this.session) {
    const result = await this.pipe.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, session);
    if (result.exceptionDetails) {
      const details = result.exceptionDetails;
      throw new Error('page exception: ' + (details.exception?.description ?? details.text));
    }
    return result.result.value;
  }

  /** Requests in one page evaluation: their answers, in order. */
  async parseBatch(requests) {
    try {
      return JSON.parse(await this.evaluate(batchExpression(requests)));
    } catch (e) {
      if (this.crashed || !e.message.startsWith('page exception')) throw e;
      return requests.map(() => ({ error: e.message }));
    }
  }

  /** Ends the browser at once (its page hangs: it would not close) and removes the profile. */
  async kill() {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        // gone already
      }
      await this.exited;
    }
    if (this.profile) rmSync(this.profile, { recursive: true, force: true });
  }

  /** Closes the browser (giving it 5 s, then killing its process group) and removes the profile. */
  async stop() {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      this.pipe.send('Browser.close').catch(() => {});
      const closed = await Promise.race([
        this.exited.then(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), 5000)),
      ]);
      if (!closed) {
        try {
          process.kill(-this.child.pid, 'SIGKILL');
        } catch {
          // gone already
        }
        await this.exited;
      }
    }
    if (this.profile) rmSync(this.profile, { recursive: true, force: true });
  }
}

/** What `chromium --version` prints (Debian's wrapper adds a warning on stderr). */
export function chromiumVersion() {
  try {
    const text = execFileSync(EXECUTABLE, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return text.trim().split('\n')[0];
  } catch (e) {
    return `unknown (${EXECUTABLE}: ${e.message})`;
  }
}

const DRIVER = 'headless, over the DevTools pipe';

if (isMain(import.meta.url)) {
  await runAdapter({
    name: 'chromium',
    createEngine: () => new ChromiumEngine(),
    helloVersion: (engine) => `${engine.version}, ${DRIVER}`,
    versionText: async () => `${chromiumVersion()}, ${DRIVER}`,
  });
}
