// The script every browser adapter runs in its page (docs/browsers.md): it parses the
// way the browser parses, through DOM APIs, and writes the result as an html5lib tree
// dump, exactly as litmus's parser/src/dump.rs writes it, with the browser's own
// serialization beside it.
//
// `installInPage` runs once in the page and defines `window.__litmus(request)`, which
// answers one request `{input, fragment, scripting, tree_only}` with `{tree, html}` or
// `{error}` (or a promise of it, should a parser have to wait), and
// `window.__litmusBatch(requests)`, which answers several in one call, in order (or a
// promise of the answers), and `window.__litmusBatchJSON(text)`, the same with the
// requests and the answers as JSON text (`batchExpression` below): one page evaluation
// per batch, whatever the browser's automation protocol. It returns the results of a
// self-check of the scripting flag in all four set-ups.
//
// How each litmus option maps to a DOM API:
//
//   document, scripting on   document.open()/write(input)/close() on the document of a
//                            same-origin about:blank iframe (inherits the page's CSP),
//                            reused unless the input may hold a <meta>; or DOMParser,
//                            as for scripting off, when the input cannot tell them
//                            apart (no `noscript`, below)
//   document, scripting off  new DOMParser().parseFromString(input, "text/html")
//   fragment, scripting on   context.innerHTML = input, context made with
//                            createElementNS in the page's own (no-quirks) document
//   fragment, scripting off  the same, in a document made by
//                            document.implementation.createHTMLDocument("")
//
// With `tree_only` the serialization is left out (`html: null`): litmus asks so when
// it needs only the tree.

/** The page's address; each adapter serves it itself, never from the network. */
export const PAGE_URL = 'http://litmus.invalid/';

/**
 * The page's Content-Security-Policy: no script of the input runs, nothing is fetched.
 * Inline styles are allowed: Firefox empties the value of every `style` attribute a
 * policy keeps from applying (`<p style=x>` would dump as `style=""`); the documents
 * are never rendered, and anything a style could load falls under `default-src`.
 */
export const CSP = ["default-src 'none'", "script-src 'none'", "style-src 'unsafe-inline'", "base-uri 'none'", "form-action 'none'"].join('; ');

/** The page itself. */
export const PAGE = '<!DOCTYPE html><html><head><title>litmus</title></head><body></body></html>';

/**
 * How the page parses scripting-on documents: `auto` (DOMParser where the input cannot
 * tell it from document.write, see `parsedByDOMParser`; Chromium's and WebKit's
 * adapters) or `write` (document.write always; Firefox's, whose document.write parses
 * some inputs differently from its DOMParser, docs/browsers.md). `$LITMUS_DOCUMENT_PATH`
 * overrides the adapter's choice: check_document_paths.mjs compares the two.
 */
export function documentPath(adapterDefault) {
  const path = process.env.LITMUS_DOCUMENT_PATH || adapterDefault;
  if (path !== 'auto' && path !== 'write') {
    throw new Error(`LITMUS_DOCUMENT_PATH is ${JSON.stringify(path)}: auto or write`);
  }
  return path;
}

/**
 * The script that installs the parser in the page, as an expression to evaluate, with
 * the adapter's document path (`auto` or `write`, above).
 */
export function installScript(adapterDefault) {
  return `(${installInPage.toString()})(${JSON.stringify({ documentPath: documentPath(adapterDefault) })})`;
}

/**
 * Checks what the page's self-check says: every set-up true (scripting on where it is
 * asked on, off where off), except those `departures` names, a set-up where the
 * browser offers no API that parses the standard's way (the adapter then answers what
 * the browser builds, and the divergence is the browser's: docs/browsers.md).
 */
export function checkSetUp(check, departures = {}) {
  if (check === null || check === undefined || Object.keys(check).length !== 4) {
    throw new Error(`set-up check failed: no answer from the page (${JSON.stringify(check)})`);
  }
  for (const [what, ok] of Object.entries(check)) {
    if (!ok && !(what in departures)) throw new Error(`set-up check failed: scripting flag wrong for ${what}`);
  }
}

/** A batch of requests as the page takes them. */
export function pageRequests(requests) {
  return requests.map((r) => ({
    input: r.input,
    fragment: r.fragment ?? null,
    scripting: !!r.scripting,
    tree_only: r.tree_only === true,
  }));
}

/**
 * The expression that answers a batch of requests in the page: its value is the
 * answers as JSON text, or a promise of it (`JSON.parse` gives the answers, in order).
 */
export function batchExpression(requests) {
  return `window.__litmusBatchJSON(${JSON.stringify(JSON.stringify(pageRequests(requests)))})`;
}

export function installInPage({ documentPath }) {
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

  // Whether a scripting-on document is parsed by DOMParser, which is 10 to 20 times as
  // fast as document.write into a document with a browsing context, and parses with
  // scripting off. The scripting flag changes tree construction in two places only, both
  // on a start tag whose tag name is "noscript" ("in head" and "in body": raw text when
  // scripting is on, elements when off), and the serializer only for a noscript
  // element's text: an input with no `noscript` in it, in any case, has the same tree
  // and serialization either way (<https://html.spec.whatwg.org/#parsing-main-inhead>,
  // <https://html.spec.whatwg.org/#parsing-main-inbody>,
  // <https://html.spec.whatwg.org/#serialising-html-fragments>). Beyond the flag,
  // document.write into the iframe differs from DOMParser where the browser treats the
  // two documents differently:
  //  - declarative shadow roots are attached in the iframe's document only (and probed
  //    for closed ones): inputs with `shadowrootmode` stay on document.write;
  //  - Chromium's and WebKit's DOMParser keep whitespace written as character
  //    references when the input has no markup at all (document.write is right,
  //    chromium-domparser-text-only-charref-whitespace): inputs with a `&` and
  //    without `<` stay too.
  // check_document_paths.mjs compares the two paths on campaigns' requests and the
  // html5lib inputs, in each browser.
  function parsedByDOMParser(input) {
    if (documentPath === 'write') return false;
    if (input.includes('&') && !input.includes('<')) return false;
    return !/noscript|shadowrootmode/i.test(input);
  }

  function parseDocumentScripted(input, treeOnly) {
    if (parsedByDOMParser(input)) return parseDocumentUnscripted(input, treeOnly);
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
        const html = treeOnly ? null : serializeDocument(doc);
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

  function parseDocumentUnscripted(input, treeOnly) {
    const doc = new DOMParser().parseFromString(input, 'text/html');
    return { tree: dumpChildren(doc), html: treeOnly ? null : serializeDocument(doc) };
  }

  function parseFragment(input, context, scripting, treeOnly) {
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
    return { tree: dumpChildren(root), html: treeOnly ? null : element.innerHTML };
  }

  const failure = (e) => ({ error: String(e && e.message ? e.message : e) });

  // The answer, or a promise of it when a parser had to wait.
  window.__litmus = function (request) {
    try {
      let answer;
      const treeOnly = request.tree_only === true;
      if (request.fragment === null || request.fragment === undefined) {
        answer = request.scripting
          ? parseDocumentScripted(request.input, treeOnly)
          : parseDocumentUnscripted(request.input, treeOnly);
      } else {
        answer = parseFragment(request.input, request.fragment, request.scripting, treeOnly);
      }
      return answer instanceof Promise ? answer.catch(failure) : answer;
    } catch (e) {
      return failure(e);
    }
  };

  // Several requests in one call, answered one after the other: the answers, or a
  // promise of them once a parser has had to wait (the requests after it wait too, as
  // they may use the same iframe). Without a promise the evaluation answers at once,
  // which saves the automation protocol a round of awaiting.
  window.__litmusBatch = function (requests) {
    const answers = [];
    for (let i = 0; i < requests.length; i++) {
      const answer = window.__litmus(requests[i]);
      if (answer instanceof Promise) return answerLater(requests.slice(i + 1), answer, answers);
      answers.push(answer);
    }
    return answers;
  };

  async function answerLater(rest, waiting, answers) {
    answers.push(await waiting);
    for (const request of rest) answers.push(await window.__litmus(request));
    return answers;
  }

  // The same, requests and answers as JSON text: the automation protocol then carries
  // one string each way, rather than converting every object of the batch.
  window.__litmusBatchJSON = function (text) {
    const answers = window.__litmusBatch(JSON.parse(text));
    return answers instanceof Promise ? answers.then(JSON.stringify) : JSON.stringify(answers);
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
