// DOMPurify 2.0.16 with its default configuration, on a jsdom window, as a litmus
// sanitizer: one of the pair before and after a published mutation-XSS fix
// (docs/sanitizers.md).
import { JSDOM } from 'jsdom';
import createDOMPurify from 'dompurify-2.0.16';
import { packageVersion, serve } from './sanitizer_protocol.mjs';

const purify = createDOMPurify(new JSDOM('').window);
serve('dompurify_2_0_16', `DOMPurify ${packageVersion('dompurify-2.0.16')} (jsdom ${packageVersion('jsdom')})`, (html) => purify.sanitize(html));
