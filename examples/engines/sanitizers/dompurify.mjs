// DOMPurify with its default configuration, on a jsdom window, as a litmus sanitizer.
import { JSDOM } from 'jsdom';
import createDOMPurify from 'dompurify';
import { packageVersion, serve } from './sanitizer_protocol.mjs';

const window = new JSDOM('').window;
const purify = createDOMPurify(window);
const version = `DOMPurify ${packageVersion('dompurify')} (jsdom ${packageVersion('jsdom')})`;
serve('dompurify', version, (html) => purify.sanitize(html));
