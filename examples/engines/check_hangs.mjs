#!/usr/bin/env node
// The hang rule of the browser adapters (`WatchedEngine` in browser_adapter.mjs),
// checked with a fake browser whose pages hang on chosen inputs:
//
//   node examples/engines/check_hangs.mjs
//
// prints one line per check and exits 1 if one fails. Run by litmus's tests
// (differential/tests/external_engines.rs) where Node.js is installed.
//
// - a request that hangs alone in a page that has answered others is a timeout after
//   one hang limit, and one new page;
// - in a fresh page it is asked again in a second fresh page, and is a timeout only
//   when it hangs there too;
// - a request that hangs in a fresh page only (a slow start) is answered, not blamed.

process.env.LITMUS_TIMEOUT_MS = '2000'; // a hang limit of 1 s, the least there is
const { WatchedEngine } = await import('./browser_adapter.mjs');

/** A browser whose page `n` hangs on `hang`, and on `cold` while it is page `coldPage`. */
class FakeBrowser {
  constructor() {
    this.page = 1;
    this.coldPage = 0;
  }
  async start() {}
  async stop() {}
  prepareReopen() {}
  async reopen() {
    this.page += 1;
  }
  parseBatch(requests) {
    const hangs = requests.some((r) => r.input === 'hang' || (r.input === 'cold' && this.page === this.coldPage));
    if (hangs) return new Promise(() => {});
    return Promise.resolve(requests.map((r) => ({ id: r.id, tree: `| ${r.input}` })));
  }
}

// A rule that asks again forever would never end: that fails too.
setTimeout(() => {
  console.log('FAILED: no answer within 30 s');
  process.exit(1);
}, 30_000).unref();

const browser = new FakeBrowser();
const watched = new WatchedEngine('fake', () => browser);
await watched.start();
process.stderr.write = () => true; // the adapter's "no answer … a new page" lines
let failed = false;
const check = (what, ok, detail) => {
  console.log(`${ok ? 'ok' : 'FAILED'}: ${what}${ok ? '' : ` (${detail})`}`);
  failed ||= !ok;
};
let id = 0;
const ask = async (input) => {
  const [answer] = await watched.parse([{ id: ++id, input, fragment: null, scripting: false }]);
  return answer;
};

// Enough answers for the machine's speed to be known: the page is watched.
for (let i = 0; i < 12; i++) await ask(`<p>${i}`);

// Each time a request hangs alone, the page is given up on: new pages count the hangs.
let pages = browser.page;
let answer = await ask('hang');
check('a hang in a page that has answered others is a timeout', answer.timeout_ms !== undefined, JSON.stringify(answer));
check('  after one hang and one new page', browser.page === pages + 1, `${browser.page - pages} pages`);

pages = browser.page;
answer = await ask('hang');
check('a hang in a fresh page is a timeout when it hangs in a second', answer.timeout_ms !== undefined, JSON.stringify(answer));
check('  after two hangs and two new pages', browser.page === pages + 2, `${browser.page - pages} pages`);

browser.coldPage = browser.page;
answer = await ask('cold');
check('a request that hangs in a fresh page only is answered', answer.tree === '| cold', JSON.stringify(answer));

answer = await ask('<p>after');
check('the next request is answered', answer.tree === '| <p>after', JSON.stringify(answer));
process.exit(failed ? 1 : 0);
