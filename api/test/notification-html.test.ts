import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { html, Html } from '../src/modules/notifications/html.ts';

describe('notification HTML', () => {
  test('escapes every interpolated value, so a hostile name reads as text', () => {
    const name = `<img src="https://evil.test/p.gif"> & <a href='https://evil.test'>`;
    assert.equal(html`Sent to ${name}: ${3} leads.`.text, 'Sent to &#60;img src=&#34;https://evil.test/p.gif&#34;&#62; &#38; &#60;a href=&#39;https://evil.test&#39;&#62;: 3 leads.');
  });

  test('keeps the markup the server writes and nests built HTML without escaping it twice', () => {
    const link = html`<a href="${'/x?a=1&b=2'}">Download</a>`;
    assert.equal(link.text, '<a href="/x?a=1&#38;b=2">Download</a>');
    assert.equal(html`Done. ${link}`.text, 'Done. <a href="/x?a=1&#38;b=2">Download</a>');
    assert.ok(html`${'x'}` instanceof Html);
  });
});
