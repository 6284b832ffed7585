#!/usr/bin/env node
// WebKit (WebKitGTK's MiniBrowser) as a litmus engine (docs/browsers.md).
//
//   persistent: node examples/engines/webkit.mjs
//   one-shot:   node examples/engines/webkit.mjs --one-shot [--fragment CONTEXT] [--scripting on|off] [--output tree|html] [FILE|-]
//   version:    node examples/engines/webkit.mjs --version
//
// One browser runs for the adapter's whole life: Debian's WebKitWebDriver (package
// webkit2gtk-driver) starts WebKitGTK's MiniBrowser in automation mode, driven over
// WebDriver (the classic HTTP protocol) by selenium-webdriver (npm). MiniBrowser needs
// a display: the adapter starts its own Xvfb (package xvfb), unless $WEBKIT_DISPLAY
// names one. Xvfb, the driver and the browser run in the adapter's process group, so
// that litmus, which kills an engine with its process group, never leaves one behind.
//
// The page is served by the adapter itself on a local port (http://127.0.0.1:PORT/,
// nothing else is served) with the Content-Security-Policy of browser_page.mjs, and
// MiniBrowser's content filter blocks every other load before the network. The
// parsing, the dump and the serialization are browser_page.mjs's, shared with the
// Chromium and Firefox adapters; the protocol with litmus is browser_adapter.mjs's:
// the requests that arrive together go to the page in one script execution (one
// WebDriver round trip, which costs milliseconds here).

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Capabilities, WebDriver } from 'selenium-webdriver';
import { Executor, HttpClient } from 'selenium-webdriver/http/index.js';
import { freshProfile, isMain, refuseAddressSpaceLimit, runAdapter, within } from './browser_adapter.mjs';
import { CSP, PAGE, batchExpression, checkSetUp, installScript } from './browser_page.mjs';

const DRIVER = process.env.WEBKIT_WEBDRIVER || '/usr/bin/WebKitWebDriver';

/** Debian's MiniBrowser, wherever the architecture puts it (or $WEBKIT_MINIBROWSER). */
function miniBrowser() {
  if (process.env.WEBKIT_MINIBROWSER) return process.env.WEBKIT_MINIBROWSER;
  for (const arch of ['x86_64-linux-gnu', 'aarch64-linux-gnu', 'arm-linux-gnueabihf', 'i386-linux-gnu']) {
    const path = `/usr/lib/${arch}/webkit2gtk-4.1/MiniBrowser`;
    if (existsSync(path)) return path;
  }
  return '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
}

/** How long the browser has to start and load the page. */
const START_TIMEOUT_MS = 90_000;

/** Resolves when `child` writes a line on its stream `fd` (Xvfb's display number). */
function firstLine(stream) {
  return new Promise((resolve, reject) => {
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end >= 0) resolve(text.slice(0, end).trim());
    });
    stream.on('end', () => reject(new Error('it closed the stream before a line')));
  });
}

/** A port free on 127.0.0.1 now. */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export class WebKitEngine {
  constructor() {
    this.crashed = null;
    this.version = null;
    this.children = [];
  }

  spawnChild(program, args, options) {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'], ...options });
    child.stderrText = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text) => {
      child.stderrText = (child.stderrText + text).slice(-4000);
    });
    child.on('exit', (code, signal) => {
      if (!this.stopping) this.crashed ??= `${program} exited (status ${code}, signal ${signal})`;
    });
    this.children.push(child);
    return child;
  }

  async start() {
    refuseAddressSpaceLimit('WebKit');
    this.profile = freshProfile('litmus-webkit');
    try {
      await within(START_TIMEOUT_MS, 'starting WebKit', this.launch());
    } catch (e) {
      const said = this.children
        .map((c) => c.stderrText.trim().split('\n').slice(-2).join(' | '))
        .filter((t) => t)
        .join(' | ');
      throw new Error(said ? `${e.message} (they said: ${said})` : e.message);
    }
  }

  async launch() {
    // The display.
    let display = process.env.WEBKIT_DISPLAY;
    if (!display) {
      const xvfb = this.spawnChild('Xvfb', ['-displayfd', '3', '-screen', '0', '1024x768x24', '-nolisten', 'tcp'], {
        stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
      });
      display = `:${await firstLine(xvfb.stdio[3])}`;
    }
    // The page, served here and nowhere else.
    this.server = createServer((request, response) => {
      if (request.url === '/') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP });
        response.end(PAGE);
      } else {
        response.writeHead(404, { 'content-security-policy': CSP });
        response.end();
      }
    });
    await new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const pageUrl = `http://127.0.0.1:${this.server.address().port}/`;
    // WebKit's content blockers: every load but the page's is blocked.
    const filter = join(this.profile, 'content-filter.json');
    const escaped = pageUrl.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    writeFileSync(
      filter,
      JSON.stringify([
        { trigger: { 'url-filter': '.*' }, action: { type: 'block' } },
        { trigger: { 'url-filter': `^${escaped}$` }, action: { type: 'ignore-previous-rules' } },
      ]),
    );
    // The driver, then the browser through it.
    const port = await freePort();
    const env = { ...process.env, DISPLAY: display, HOME: this.profile, XDG_CACHE_HOME: this.profile, XDG_DATA_HOME: this.profile };
    this.spawnChild(DRIVER, [`--port=${port}`], { env });
    const url = `http://127.0.0.1:${port}`;
    await waitForDriver(url);
    const capabilities = new Capabilities({
      'webkitgtk:browserOptions': { binary: miniBrowser(), args: ['--automation', `--content-filter=${filter}`] },
    });
    // Under load the driver sometimes fails to make the browser's first browsing
    // context ("The remote session failed to create a new browsing context"): try
    // again, up to six times, waiting longer each time. (createSession returns at once;
    // its session, which the driver answers once the browser is up, is what fails.)
    for (let attempt = 1; ; attempt++) {
      const driver = WebDriver.createSession(new Executor(new HttpClient(url)), capabilities);
      try {
        await driver.getSession();
        this.driver = driver;
        break;
      } catch (e) {
        if (attempt >= 6) throw new Error(`${e.message} (${attempt} attempts)`);
        await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
      }
    }
    const session = await this.driver.getCapabilities();
    this.browserVersion = session.get('browserVersion');
    await this.driver.get(pageUrl);
    checkSetUp(await this.driver.executeScript(`return ${installScript('auto')}`));
    this.version = webkitVersion(this.browserVersion);
  }

  /** Requests in one page evaluation: their answers, in order. */
  async parseBatch(requests) {
    try {
      return JSON.parse(await this.driver.executeScript(`return ${batchExpression(requests)}`));
    } catch (e) {
      if (this.crashed || e.name !== 'JavascriptError') throw e;
      return requests.map(() => ({ error: `page exception: ${e.message}` }));
    }
  }

  /** Ends the session (giving it 5 s), then the driver and Xvfb; removes the profile. */
  async stop() {
    this.stopping = true;
    if (this.driver) await within(5000, 'closing WebKit', this.driver.quit()).catch(() => {});
    for (const child of this.children.reverse()) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    this.server?.close();
    if (this.profile) rmSync(this.profile, { recursive: true, force: true });
  }
}

/** Resolves once the driver answers its status, within the start-up time. */
async function waitForDriver(url) {
  for (let tries = 0; ; tries++) {
    try {
      const response = await fetch(`${url}/status`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (tries > 600) throw new Error(`WebKitWebDriver does not answer on ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `WebKitGTK 2.50.6 (libwebkit2gtk-4.1-0 2.50.6-1~deb12u2)`, from the session or Debian's package. */
function webkitVersion(browserVersion) {
  let packaged = null;
  try {
    packaged = execFileSync('dpkg-query', ['-W', '-f=${Version}', 'libwebkit2gtk-4.1-0'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // not Debian
  }
  const version = browserVersion ?? packaged?.split('-')[0] ?? 'unknown';
  return packaged ? `WebKitGTK ${version} (Debian libwebkit2gtk-4.1-0 ${packaged})` : `WebKitGTK ${version}`;
}

function seleniumVersion() {
  try {
    const path = new URL('./node_modules/selenium-webdriver/package.json', import.meta.url);
    return JSON.parse(readFileSync(path, 'utf8')).version;
  } catch {
    return 'unknown';
  }
}

const driverText = () => `MiniBrowser under Xvfb, over WebDriver via selenium-webdriver ${seleniumVersion()}`;

if (isMain(import.meta.url)) {
  await runAdapter({
    name: 'webkit',
    createEngine: () => new WebKitEngine(),
    helloVersion: (engine) => `${engine.version}, ${driverText()}`,
    versionText: async () => `${webkitVersion(null)}, ${driverText()}`,
  });
}
