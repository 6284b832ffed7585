// The program side of litmus's persistent engine protocol (docs/engines.md) for a
// sanitizer (docs/sanitizers.md): a hello, then for each request a reply whose `html`
// is the sanitized input and whose `tree` is empty (litmus reads the output as the
// standard parses it). An exception of the sanitizer is answered as a `panic`, which
// litmus records as a finding. Frames: a 4-byte big-endian length, then UTF-8 JSON.

import { readFileSync } from 'node:fs';

// The installed version of a package of this folder's node_modules.
export function packageVersion(name) {
  const path = new URL(`./node_modules/${name}/package.json`, import.meta.url);
  return JSON.parse(readFileSync(path, 'utf8')).version;
}

function writeFrame(message) {
  const payload = Buffer.from(JSON.stringify(message), 'utf8');
  const header = Buffer.alloc(4);
  header.writeUInt32BE(payload.length);
  process.stdout.write(Buffer.concat([header, payload]));
}

export function serve(engine, version, clean) {
  writeFrame({ protocol: 2, engine, version });
  let pending = Buffer.alloc(0);
  process.stdin.on('data', (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 4) {
      const length = pending.readUInt32BE(0);
      if (pending.length < 4 + length) break;
      const request = JSON.parse(pending.subarray(4, 4 + length).toString('utf8'));
      pending = pending.subarray(4 + length);
      let reply;
      try {
        reply = { id: request.id, tree: '', html: clean(request.input) };
      } catch (error) {
        reply = { id: request.id, panic: { message: String(error && error.stack || error) } };
      }
      writeFrame(reply);
    }
  });
  process.stdin.on('end', () => process.exit(0));
}
