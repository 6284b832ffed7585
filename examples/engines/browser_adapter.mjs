// What every browser adapter shares (docs/browsers.md): litmus's persistent protocol
// on stdin and stdout, the one-shot mode, `--version`, and the batching.
//
// An adapter gives `runAdapter` a name and a factory of engines. An engine has
//
//   async start()               launches the browser, loads the page, installs the
//                               script of browser_page.mjs and checks the set-up
//   version                     what runs, after start() (`Firefox 153.8.0esr`)
//   async parseBatch(requests)  the answers to requests, in order, from one page
//                               evaluation (`{tree, html}` or `{error}` each)
//   crashed                     null, or why the browser or its page is gone
//   async stop()                closes the browser and removes what it left
//   async reopen()              optional: a new page for one that hangs, quicker
//                               than a new browser (`prepareReopen()`, optional
//                               too, gets one ready ahead)
//   async kill()                optional: ends the browser at once (its page hangs)
//
// Protocol (persistent, docs/engines.md): on stdin, messages of a 4-byte big-endian
// length N and N bytes of UTF-8 JSON `{"id", "input", "fragment", "scripting",
// "tree_only"}`; on stdout a hello `{"protocol": 2, "engine", "version"}`, then one
// reply per request, in order: `{"id", "tree", "html"}`, `{"id", "error"}` or
// `{"id", "timeout_ms"}` (a hang, see `WatchedEngine`). The
// requests that have arrived when the page is free go to it together, up to
// BATCH: litmus sends many ahead of their replies (protocol 2), so a campaign's cases
// are parsed many per page evaluation. Exits 0 when stdin closes, 2 when the browser
// cannot start or a request is not JSON, 3 when the browser or its page crashed (the
// crash is the current requests': litmus asks each of them again alone and records
// the crash for the one that causes it).
//
// With `$LITMUS_REQUEST_LOG` set to a file, every request is appended to it as a line
// of JSON, as it came: check_document_paths.mjs replays a campaign's requests from it.

import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Requests parsed in one page evaluation, at most. */
export const BATCH = 64;

/** Where every request is appended, one JSON line each, if anywhere. */
const REQUEST_LOG = process.env.LITMUS_REQUEST_LOG || null;

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

// Reads messages from a stream into a queue. `next(max)` resolves to every message
// read and not yet taken (at least one, at most `max`), or to null once the stream has
// closed and the queue is empty.
class MessageQueue {
  constructor(stream, name) {
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
        process.stderr.write(`${name}: stdin closed inside a message (${this.pending.length} bytes left)\n`);
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
      // The first message of a burst wakes us: let the rest of the burst (already in
      // the pipe) be read before the batch is cut.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (this.messages.length === 0) return null;
    return this.messages.splice(0, max);
  }
}

/**
 * The answers to recent requests, so that a request asked again is answered without a
 * page evaluation: a minimization asks some questions more than once (about 8 % of a
 * campaign's requests, a tenth of its page evaluations). The page's answer depends on
 * the request alone (check_document_paths.mjs --baseline: two adapters with different
 * histories answer tens of thousands of requests alike), so a remembered answer is the
 * one the page would give again. Errors are never kept, nor answers over
 * REMEMBERED_LENGTH; the oldest are forgotten past REMEMBERED.
 */
class RememberedAnswers {
  constructor() {
    this.answers = new Map();
  }

  static key(request) {
    return JSON.stringify([request.input, request.fragment ?? null, !!request.scripting, request.tree_only === true]);
  }

  /** The answer kept for `request`, or undefined. */
  answer(request) {
    return this.answers.get(RememberedAnswers.key(request));
  }

  keep(request, answer) {
    if (answer.tree === undefined) return;
    if ((answer.tree?.length ?? 0) + (answer.html?.length ?? 0) > REMEMBERED_LENGTH) return;
    if (this.answers.size >= REMEMBERED) this.answers.delete(this.answers.keys().next().value);
    this.answers.set(RememberedAnswers.key(request), answer);
  }
}

/** Answers remembered, at most, and the longest remembered (tree and serialization, in UTF-16 code units). */
const REMEMBERED = 4096;
const REMEMBERED_LENGTH = 65536;

/** The least a request alone is given before it is taken for a hang, whatever litmus's limit. */
const MIN_HANG_MS = 1000;

/**
 * How many times a request must hang alone, each time in a fresh page, to be answered
 * as a timeout; once is enough in a page that has answered others (`WatchedEngine`).
 */
const STRIKES = 2;

/** The batches answered before the page is watched: what a request takes is not known before. */
const KNOWN = 8;

/** The batches whose times make what a request takes lately (their median). */
const RECENT = 31;

/** litmus's time limit of one answer (`--timeout`, in `$LITMUS_TIMEOUT_MS`), in ms. */
const TIME_LIMIT_MS = Number(process.env.LITMUS_TIMEOUT_MS) > 0 ? Number(process.env.LITMUS_TIMEOUT_MS) : 10_000;

/**
 * A browser engine whose page is watched for hangs. A page that hangs (Chromium on a
 * nested selectedcontent, corpus/known-differences.toml) never answers its batch, and
 * litmus, which cannot tell which request of the batch hangs, would wait out its time
 * limit twice: for the batch, then for the request asked again alone. The adapter
 * gives up far sooner and finds the request itself: a batch the page has not answered
 * within its stall limit gets a new page (`reopen`, else a new browser), and its
 * requests are parsed again one at a time. A request alone that the page has not
 * answered within the hang limit is answered `{"timeout_ms"}`, a timeout finding as
 * litmus's own would be, if the page had answered other requests before it; in a
 * fresh page, which can be slow to begin with on a busy machine, it is asked again in
 * another fresh page, and answered as a timeout only if it hangs there too. Nothing
 * else ran in the page while it hung, so no other request is ever blamed. The hang
 * limit is a tenth of litmus's (1 s of the default 10 s; a slow machine given a
 * longer --timeout gets a longer one) and never under 1 s (so a short --timeout is
 * left to litmus), or 20 times what a request has taken lately (the median of the
 * last batches) if that is more, plus 1 ms per 1000 characters of input: far above a
 * parse of a few ms, so a slow parse is not taken for a hang. A batch stalls at a
 * 40th of litmus's limit and never under 250 ms, or 5 times what the batch should
 * take if that is more: a stall costs a new page and no finding. A limit that
 * reaches litmus's own is left to litmus, and so are the first batches (the warm-up
 * among them), before the machine's speed is known.
 */
export class WatchedEngine {
  constructor(name, createEngine) {
    this.name = name;
    this.createEngine = createEngine;
    this.engine = null;
    /** What a request of each of the last batches took, in ms. */
    this.recentMs = [];
    /** Their median: what a request takes lately. */
    this.typicalMs = 0;
    /** Whether the page has answered a request since it was opened: no longer fresh. */
    this.answered = false;
  }

  async start() {
    this.engine = this.createEngine();
    this.prepared = false;
    await this.engine.start();
  }

  /** How long the page may take on `requests` (Infinity: litmus's limit comes first, or too little is known yet). */
  limit(requests) {
    if (this.recentMs.length < KNOWN) return Infinity;
    let limit;
    if (requests.length === 1) {
      limit = Math.max(TIME_LIMIT_MS / 10, MIN_HANG_MS, 20 * this.typicalMs) + requests[0].input.length / 1000;
    } else {
      limit = Math.max(TIME_LIMIT_MS / 40, MIN_HANG_MS / 4, 5 * requests.length * this.typicalMs);
      for (const request of requests) limit += request.input.length / 4000;
    }
    return limit < TIME_LIMIT_MS ? limit : Infinity;
  }

  /**
   * The answers to `requests`, in order; a request the page hangs on alone, in two
   * fresh pages one after the other, is answered `{timeout_ms}` (`strikes`: how many
   * times it has hung alone already).
   */
  async parse(requests, strikes = 0) {
    const limit = this.limit(requests);
    let timer = null;
    const stalled = new Promise((resolve) => {
      if (limit !== Infinity) timer = setTimeout(() => resolve(null), limit);
    });
    const began = performance.now();
    const parsing = this.engine.parseBatch(requests).then((answers) => ({ answers }));
    let outcome;
    try {
      outcome = await Promise.race([parsing, stalled]);
    } finally {
      clearTimeout(timer);
    }
    const tookMs = performance.now() - began;
    if (outcome !== null) {
      this.answered = true;
      this.recentMs.push(tookMs / requests.length);
      if (this.recentMs.length > RECENT) this.recentMs.shift();
      this.typicalMs = [...this.recentMs].sort((a, b) => a - b)[this.recentMs.length >> 1];
      if (!this.prepared && this.recentMs.length >= KNOWN) {
        // Once the page is watched: not to slow down its start.
        this.prepared = true;
        this.engine.prepareReopen?.();
      }
      return outcome.answers;
    }
    parsing.catch(() => {}); // the page is given up on
    const fresh = !this.answered;
    const what = requests.length === 1 ? `request ${requests[0].id}` : `a batch of ${requests.length} requests`;
    process.stderr.write(`${this.name}: no answer to ${what} in ${Math.round(tookMs)} ms: a new page\n`);
    await this.restart();
    if (requests.length === 1) {
      // A fresh page may be slow to begin with while the machine is busy: a request
      // that hangs alone in a page that has answered others, or in two fresh pages one
      // after the other, is a hang.
      const hang = !fresh || strikes + 1 >= STRIKES;
      return hang ? [{ timeout_ms: Math.round(tookMs) }] : this.parse(requests, strikes + 1);
    }
    const answers = [];
    for (const request of requests) answers.push(...(await this.parse([request])));
    return answers;
  }

  /** A new page for one that hangs: the engine's `reopen`, else a new browser. */
  async restart() {
    this.answered = false;
    const old = this.engine;
    if (old.reopen) {
      try {
        return await old.reopen();
      } catch (e) {
        if (old.crashed) throw e;
        process.stderr.write(`${this.name}: cannot open a new page (${e.message}): a new browser\n`);
      }
    }
    await (old.kill ? old.kill() : old.stop()).catch(() => {});
    try {
      await this.start();
    } catch (e) {
      this.engine.crashed ??= `the browser did not start again (${e.message})`;
      throw e;
    }
  }
}

/**
 * Kills this adapter's process group once the adapter is gone, when the adapter leads
 * the group (as litmus starts it). litmus kills an engine with its process group, but
 * an engine whose worker ends is killed alone (the parent-death signal's SIGKILL), and
 * the browser, its driver and Xvfb, in the group, would outlive it. A shell in the
 * group waits for the adapter's process to go, then kills the group, itself with it.
 */
function killGroupWhenGone() {
  let group = null;
  try {
    // /proc/self/stat: `pid (comm) state ppid pgrp …`; comm may hold spaces.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    group = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return;
  }
  if (group !== process.pid) return; // another's group: not ours to kill
  const watch = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; kill -KILL -${group}`;
  spawn('/bin/sh', ['-c', watch], { stdio: 'ignore' }).unref();
}

async function persistent({ name, createEngine, helloVersion }) {
  killGroupWhenGone();
  const watched = new WatchedEngine(name, createEngine);
  const started = Date.now();
  try {
    await watched.start();
  } catch (e) {
    process.stderr.write(`${name}: cannot start the browser: ${e.message}\n`);
    await watched.engine.stop().catch(() => {});
    process.exit(2);
  }
  process.stderr.write(`${name}: ${watched.engine.version} ready in ${Date.now() - started} ms\n`);
  await writeOut(frame({ protocol: 2, engine: name, version: helloVersion(watched.engine) }));
  const queue = new MessageQueue(process.stdin, name);
  const remembered = new RememberedAnswers();
  let status = 0;
  try {
    for (let texts = await queue.next(BATCH); texts !== null; texts = await queue.next(BATCH)) {
      let requests;
      try {
        requests = texts.map((text) => JSON.parse(text));
        if (REQUEST_LOG) appendFileSync(REQUEST_LOG, texts.map((text) => `${text}\n`).join(''));
      } catch (e) {
        process.stderr.write(`${name}: unreadable request: ${e.message}\n`);
        status = 2;
        break;
      }
      const answers = requests.map((request) => remembered.answer(request));
      const asked = requests.filter((_, i) => answers[i] === undefined);
      if (asked.length > 0) {
        let fresh;
        try {
          fresh = await watched.parse(asked);
        } catch (e) {
          if (watched.engine.crashed) {
            const engine = watched.engine;
            const ids = requests.map((r) => r.id).join(', ');
            process.stderr.write(`${name}: ${engine.crashed} on request ${ids}: ${e.message}\n`);
            status = 3;
            break;
          }
          fresh = asked.map(() => ({ error: `${name}: ${e.message}` }));
        }
        let next = 0;
        for (let i = 0; i < requests.length; i++) {
          if (answers[i] !== undefined) continue;
          answers[i] = fresh[next++] ?? { error: `${name}: no answer from the page` };
          remembered.keep(requests[i], answers[i]);
        }
      }
      const replies = requests.map((request, i) => {
        const answer = answers[i];
        if (answer.error !== undefined) return frame({ id: request.id, error: answer.error });
        if (answer.timeout_ms !== undefined) return frame({ id: request.id, timeout_ms: answer.timeout_ms });
        return frame({ id: request.id, tree: answer.tree, html: answer.html ?? null });
      });
      await writeOut(Buffer.concat(replies));
    }
  } finally {
    await watched.engine?.stop().catch(() => {});
  }
  process.exit(status);
}

async function oneShot({ name, createEngine }, args) {
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
  killGroupWhenGone();
  const engine = createEngine();
  try {
    await engine.start();
    const [answer] = await engine.parseBatch([{ input, fragment, scripting }]);
    if (answer.error !== undefined) {
      process.stderr.write(`${name}: ${answer.error}\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(output === 'html' ? answer.html + '\n' : answer.tree);
    }
  } finally {
    await engine.stop().catch(() => {});
  }
}

/**
 * Runs an adapter as its command line says:
 *
 *   persistent: node ADAPTER
 *   one-shot:   node ADAPTER --one-shot [--fragment CONTEXT] [--scripting on|off] [--output tree|html] [FILE|-]
 *   version:    node ADAPTER --version
 *
 * `helloVersion(engine)` is what the hello says runs (after start); `versionText()`
 * what `--version` prints, without starting the browser where it can.
 */
export async function runAdapter(adapter) {
  const args = process.argv.slice(2);
  if (args[0] === '--version') {
    process.stdout.write(`${await adapter.versionText()}\n`);
  } else if (args[0] === '--one-shot') {
    await oneShot(adapter, args.slice(1));
  } else {
    await persistent(adapter);
  }
}

/**
 * The address-space limit (RLIMIT_AS) this process runs under, in bytes, or null for
 * none. Browsers reserve far more address space than they use, so litmus's worker
 * memory limit must not reach them.
 */
export function addressSpaceLimit() {
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

/** Refuses to start under an address-space limit below 1 TiB (the launch would only fail after minutes). */
export function refuseAddressSpaceLimit(browser) {
  const limit = addressSpaceLimit();
  if (limit !== null && limit < 2 ** 40) {
    throw new Error(
      `RLIMIT_AS is ${limit} bytes. ${browser} needs an unlimited address space: run this engine without a memory limit`,
    );
  }
}

/** Whether this module is run as the program (not imported). */
export function isMain(url) {
  return url === new URL(`file://${process.argv[1]}`).href;
}

/**
 * A new profile folder `PREFIX-PID-XXXXXX` in the temporary folder. An adapter killed
 * by a timeout (SIGKILL) cannot remove its own, so this first removes the folders of
 * `prefix` whose adapter is gone (a few MB each), as far as it can: a failure to
 * remove one never stops the start.
 */
export function freshProfile(prefix) {
  let names = [];
  try {
    names = readdirSync(tmpdir());
  } catch {
    // nothing to clean
  }
  for (const name of names) {
    const match = name.startsWith(`${prefix}-`) ? /^(\d+)-/.exec(name.slice(prefix.length + 1)) : null;
    if (match === null || Number(match[1]) === process.pid) continue;
    try {
      process.kill(Number(match[1]), 0);
      continue; // its adapter still runs
    } catch (e) {
      if (e.code !== 'ESRCH') continue;
    }
    try {
      rmSync(join(tmpdir(), name), { recursive: true, force: true });
    } catch {
      // Its browser may still be writing into it as it shuts down (ENOTEMPTY), or
      // another adapter starting now removes it too: a later start removes the rest.
    }
  }
  return mkdtempSync(join(tmpdir(), `${prefix}-${process.pid}-`));
}

/** Runs `promise`, rejecting after `ms` milliseconds with `what` timed out. */
export function within(ms, what, promise) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Serves `page` with the header `csp` (none when `csp` is null) at
 * `http://127.0.0.1:PORT/` (nothing else: any other path is a 404), for browsers whose
 * automation cannot answer the page's request itself. Resolves to `{ url, close }`.
 */
export async function servePage(page, csp) {
  const policy = csp === null ? {} : { 'content-security-policy': csp };
  const server = createServer((request, response) => {
    if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...policy });
      response.end(page);
    } else {
      response.writeHead(404, policy);
      response.end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}
