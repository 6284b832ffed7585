#!/usr/bin/env node
// A small driver for persistent litmus engines (the 4-byte length + JSON protocol),
// written to test examples/engines/chromium.mjs without litmus.
//
//   node examples/engines/chromium_drive.mjs [--engine 'node examples/engines/chromium.mjs'] [--fragment CTX] [--scripting on|off] INPUT...
//       sends one request per INPUT and prints each reply as JSON
//   node examples/engines/chromium_drive.mjs --bench [--count N] [--window W] [--fragment CTX] [--scripting on|off]
//       sends N small inputs (default 2000), W at a time (default 1: each request after
//       the previous reply, as litmus sends them), and prints requests per second
//
// `PersistentEngine` is also used by check_chromium.mjs.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const HERE = dirname(fileURLToPath(import.meta.url));
export const DEFAULT_ENGINE = `node ${join(HERE, 'chromium.mjs')}`;

export class PersistentEngine {
  constructor(command = DEFAULT_ENGINE, { stderr = 'inherit' } = {}) {
    this.child = spawn('/bin/sh', ['-c', command], { stdio: ['pipe', 'pipe', stderr] });
    this.nextId = 1;
    this.waiting = new Map();
    this.buffer = Buffer.alloc(0);
    // Protocol 2: the first frame may be a hello (no id), which names the engine.
    this.hello = null;
    this.exited = null;
    // A write to an engine that has exited fails: the exit rejects what waits.
    this.child.stdin.on('error', () => {});
    this.exit = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        const error = new Error(`engine exited (code ${code}, signal ${signal})`);
        this.exited = error;
        for (const { reject } of this.waiting.values()) reject(error);
        this.waiting.clear();
        resolve({ code, signal });
      });
    });
    this.child.stdout.on('data', (chunk) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      while (this.buffer.length >= 4) {
        const length = this.buffer.readUInt32BE(0);
        if (this.buffer.length < 4 + length) break;
        const reply = JSON.parse(this.buffer.subarray(4, 4 + length).toString('utf8'));
        this.buffer = this.buffer.subarray(4 + length);
        if (reply.id === undefined && reply.protocol !== undefined && this.hello === null) {
          this.hello = reply;
          continue;
        }
        const entry = this.waiting.get(reply.id);
        if (entry === undefined) throw new Error(`reply to an unknown id ${reply.id}`);
        this.waiting.delete(reply.id);
        entry.resolve(reply);
      }
    });
  }

  // Sends one request; resolves to the reply.
  request({ input, fragment = null, scripting = true, tree_only = false }) {
    if (this.exited !== null) return Promise.reject(this.exited);
    const id = this.nextId++;
    const message = tree_only ? { id, input, fragment, scripting, tree_only } : { id, input, fragment, scripting };
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    const header = Buffer.alloc(4);
    header.writeUInt32BE(body.length, 0);
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.child.stdin.write(Buffer.concat([header, body]));
    });
  }

  // Closes stdin; resolves to the exit status.
  close() {
    this.child.stdin.end();
    return this.exit;
  }
}

const SMALL_INPUTS = [
  '<p>One<p>Two',
  '<table><tr><td>a<td>b</table>',
  '<!DOCTYPE html><title>t</title><b><i>x</b>y</i>',
  '<svg><path d="M0"/><foreignObject><p>z</p></foreignObject></svg>',
  '<ul><li>a<li>b</ul><!-- c -->',
  '<select><option>1<option selected>2</select>',
  '<a href=x>1<a href=y>2</a>',
  '<noscript><p>x</p></noscript>text',
];

async function main(args) {
  let command = DEFAULT_ENGINE;
  let fragment = null;
  let scripting = true;
  let bench = false;
  let count = 2000;
  let window = 1;
  const inputs = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--engine') command = args[++i];
    else if (arg === '--fragment') fragment = args[++i];
    else if (arg === '--scripting') scripting = args[++i] === 'on';
    else if (arg === '--bench') bench = true;
    else if (arg === '--count') count = Number(args[++i]);
    else if (arg === '--window') window = Number(args[++i]);
    else inputs.push(arg);
  }
  const engine = new PersistentEngine(command);
  if (bench) {
    // Warm up (the browser starts on the first request's way), then W requests in
    // flight at a time.
    await engine.request({ input: '<p>warm', fragment, scripting });
    const start = process.hrtime.bigint();
    let sent = 0;
    const worker = async () => {
      while (sent < count) {
        const input = SMALL_INPUTS[sent++ % SMALL_INPUTS.length];
        const reply = await engine.request({ input, fragment, scripting });
        if (reply.error !== undefined) throw new Error(reply.error);
      }
    };
    await Promise.all(Array.from({ length: window }, worker));
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const mode = `${fragment === null ? 'document' : `fragment ${fragment}`}, scripting ${scripting ? 'on' : 'off'}`;
    console.log(`${count} requests (${mode}, ${window} in flight) in ${seconds.toFixed(2)} s: ${(count / seconds).toFixed(0)} requests/s`);
  } else {
    for (const input of inputs) console.log(JSON.stringify(await engine.request({ input, fragment, scripting })));
  }
  const status = await engine.close();
  if (status.code !== 0) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main(process.argv.slice(2));
}
