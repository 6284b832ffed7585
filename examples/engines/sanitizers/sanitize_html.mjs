// sanitize-html with its default options, as a litmus sanitizer.
import sanitizeHtml from 'sanitize-html';
import { packageVersion, serve } from './sanitizer_protocol.mjs';

serve('sanitize_html', `sanitize-html ${packageVersion('sanitize-html')}`, (html) => sanitizeHtml(html));
