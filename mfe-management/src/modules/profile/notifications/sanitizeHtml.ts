/**
 * Notification messages are HTML written by the server from job results and other input, so they are
 * sanitised before rendering: no scripts, no event-handler attributes, no javascript: (or other
 * non-allow-listed) URLs, no forms or styles that could imitate the console's own controls.
 */
import DOMPurify from 'dompurify';

export function sanitizeNotificationHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
