#!/usr/bin/env node
// Headless Firefox as a litmus engine (docs/browsers.md).
//
//   persistent: node examples/engines/firefox.mjs
//   one-shot:   node examples/engines/firefox.mjs --one-shot [--fragment CONTEXT] [--scripting on|off] [--output tree|html] [FILE|-]
//   version:    node examples/engines/firefox.mjs --version
//
// One browser (Debian's firefox-esr, or $FIREFOX) runs for the adapter's whole life,
// headless, driven over WebDriver BiDi (Firefox's remote agent, `--remote-debugging-
// port`) on a WebSocket (the `ws` package from npm), with one page that every request
// reuses. The client is the few BiDi commands below: a full client subscribes to the
// browsing-context events, and Firefox then answers every evaluation that runs
// document.open() some 45 ms late (measured with puppeteer-core 24.43 and with these
// commands alone, subscribed or not), where unsubscribed it answers in 2 to 5 ms.
//
// The adapter starts Firefox itself, in its own process group, so that litmus, which
// kills an engine with its process group, never leaves one behind; its profile (a
// fresh folder, removed at exit) sets the preferences that keep Firefox off the
// network: a proxy that refuses every connection (127.0.0.1 port 9; local addresses
// bypass it), no updates, telemetry or safe browsing. The page is served by the
// adapter on a local port with the Content-Security-Policy of browser_page.mjs. The
// parsing, the dump and the serialization are browser_page.mjs's, shared with the
// Chromium and WebKit adapters; the protocol with litmus is browser_adapter.mjs's:
// the requests that arrive together go to the page in one script evaluation.

import { execFileSync, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { freshProfile, isMain, refuseAddressSpaceLimit, runAdapter, servePage, within } from './browser_adapter.mjs';
import { CSP, PAGE, batchExpression, checkSetUp, installScript } from './browser_page.mjs';

export const EXECUTABLE = process.env.FIREFOX || '/usr/bin/firefox-esr';

/** How long the browser has to start and load the page. */
const START_TIMEOUT_MS = 90_000;

/** The profile's preferences (its user.js); the remote agent adds its recommended ones. */
const PREFERENCES = {
  // Every connection to a non-local address goes to a proxy that refuses it.
  'network.proxy.type': 1,
  'network.proxy.http': '127.0.0.1',
  'network.proxy.http_port': 9,
  'network.proxy.ssl': '127.0.0.1',
  'network.proxy.ssl_port': 9,
  'network.proxy.socks': '127.0.0.1',
  'network.proxy.socks_port': 9,
  'network.proxy.no_proxies_on': '',
  'network.proxy.allow_hijacking_localhost': false,
  'network.dns.disablePrefetch': true,
  'network.prefetch-next': false,
  'network.http.speculative-parallel-limit': 0,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  // No background work of its own.
  'app.update.disabledForTesting': true,
  'app.normandy.enabled': false,
  'app.normandy.api_url': '',
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'browser.safebrowsing.downloads.enabled': false,
  'browser.shell.checkDefaultBrowser': false,
  'browser.startup.page': 0,
  'browser.startup.homepage_override.mstone': 'ignore',
  'datareporting.policy.dataSubmissionEnabled': false,
  'datareporting.healthreport.uploadEnabled': false,
  'toolkit.telemetry.server': '',
  'extensions.update.enabled': false,
  'extensions.blocklist.enabled': false,
  'services.settings.server': '',
  // The script of a long batch must never be stopped as unresponsive.
  'dom.max_script_run_time': 0,
  'dom.max_chrome_script_run_time': 0,
};

/** The line Firefox writes on stderr once its remote agent listens. */
const LISTENING = /^WebDriver BiDi listening on (ws:\/\/.*)$/m;

/** A WebDriver BiDi client: commands and their results (no events are subscribed to). */
class BiDi {
  constructor(socket) {
    this.socket = socket;
    this.nextId = 1;
    this.waiting = new Map();
    this.closed = null;
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString('utf8'));
      const entry = this.waiting.get(message.id);
      if (entry === undefined) return;
      this.waiting.delete(message.id);
      if (message.type === 'error') entry.reject(new Error(`${entry.method}: ${message.error}: ${message.message}`));
      else entry.resolve(message.result);
    });
    socket.on('close', () => this.close('the browser closed its WebDriver BiDi connection'));
    socket.on('error', (e) => this.close(`WebDriver BiDi connection: ${e.message}`));
  }

  close(reason) {
    this.closed ??= reason;
    for (const entry of this.waiting.values()) entry.reject(new Error(reason));
    this.waiting.clear();
  }

  send(method, params) {
    if (this.closed) return Promise.reject(new Error(this.closed));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, method });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }
}

export class FirefoxEngine {
  constructor() {
    this.crashed = null;
    this.version = null;
  }

  async start() {
    refuseAddressSpaceLimit('Firefox');
    this.profile = freshProfile('litmus-firefox');
    const prefs = Object.entries(PREFERENCES).map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});`);
    writeFileSync(join(this.profile, 'user.js'), prefs.join('\n') + '\n');
    try {
      await within(START_TIMEOUT_MS, 'starting Firefox', this.launch());
    } catch (e) {
      const said = (this.stderr ?? '').trim().split('\n').slice(-3).join(' | ');
      throw new Error(said ? `${e.message} (the browser said: ${said})` : e.message);
    }
    this.version = firefoxVersion();
  }

  async launch() {
    this.child = spawn(
      EXECUTABLE,
      ['--headless', '--no-remote', '--profile', this.profile, '--remote-debugging-port=0', 'about:blank'],
      { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1' } },
    );
    this.exited = new Promise((resolve) => this.child.on('exit', resolve));
    this.child.on('exit', (code, signal) => {
      this.crashed ??= `the browser exited (status ${code}, signal ${signal})`;
      this.bidi?.close(this.crashed);
    });
    this.stderr = '';
    this.child.stderr.setEncoding('utf8');
    const endpoint = await new Promise((resolve, reject) => {
      this.child.stderr.on('data', (text) => {
        this.stderr = (this.stderr + text).slice(-8000);
        const found = LISTENING.exec(this.stderr);
        if (found) resolve(found[1]);
      });
      this.child.on('exit', () => reject(new Error('Firefox exited while starting')));
    });
    const socket = new WebSocket(`${endpoint}/session`, { perMessageDeflate: false });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    this.bidi = new BiDi(socket);
    await this.bidi.send('session.new', { capabilities: {} });
    await this.openPage();
  }

  /** Serves the page, loads it, and installs the parser in it. */
  async openPage() {
    const tree = await this.bidi.send('browsingContext.getTree', { maxDepth: 0 });
    this.context = tree.contexts[0].context;
    this.server = await servePage(PAGE, CSP);
    await this.bidi.send('browsingContext.navigate', { context: this.context, url: this.server.url, wait: 'complete' });
    checkSetUp(await this.evaluate(`JSON.stringify(${installScript('write')})`), DEPARTURES);
  }

  /** The value of `expression` (a string of JSON, which it must give), parsed. */
  async evaluate(expression) {
    let result;
    try {
      result = await this.bidi.send('script.evaluate', {
        expression,
        target: { context: this.context },
        awaitPromise: true,
        resultOwnership: 'none',
      });
    } catch (e) {
      // An error of the protocol, not of the script: the page is gone.
      this.crashed ??= `the page is gone (${e.message})`;
      throw e;
    }
    if (result.type === 'exception') {
      throw new PageException(result.exceptionDetails?.text ?? 'an exception');
    }
    return JSON.parse(result.result.value);
  }

  /** Requests in one page evaluation: their answers, in order. */
  async parseBatch(requests) {
    try {
      return await this.evaluate(batchExpression(requests));
    } catch (e) {
      if (!(e instanceof PageException)) throw e;
      return requests.map(() => ({ error: `page exception: ${e.message}` }));
    }
  }

  /** Closes the browser (giving it 5 s, then killing it) and removes the profile. */
  async stop() {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      this.bidi?.send('browser.close', {}).catch(() => {});
      const closed = await Promise.race([
        this.exited.then(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), 5000)),
      ]);
      if (!closed) {
        this.child.kill('SIGKILL');
        await this.exited;
      }
    }
    this.server?.close();
    if (this.profile) rmSync(this.profile, { recursive: true, force: true });
  }
}

class PageException extends Error {}

/**
 * Set-ups where Firefox offers no API that parses the standard's way: every HTML
 * fragment (innerHTML, setHTMLUnsafe, createContextualFragment) is parsed with
 * scripting on, even with a context element of a document that has no browsing
 * context (document.implementation.createHTMLDocument, DOMParser), where the
 * standard's fragment parser has it off. Such requests are answered with what Firefox
 * builds.
 */
const DEPARTURES = { fragmentOff: 'Firefox parses HTML fragments with scripting on' };

/** What `firefox-esr --version` prints: `Mozilla Firefox 153.8.0esr`. */
export function firefoxVersion() {
  try {
    return execFileSync(EXECUTABLE, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .split('\n')[0];
  } catch (e) {
    return `unknown (${EXECUTABLE}: ${e.message})`;
  }
}

const DRIVER = 'headless, over WebDriver BiDi';

if (isMain(import.meta.url)) {
  await runAdapter({
    name: 'firefox',
    createEngine: () => new FirefoxEngine(),
    helloVersion: (engine) => `${engine.version}, ${DRIVER}`,
    versionText: async () => `${firefoxVersion()}, ${DRIVER}`,
  });
}
