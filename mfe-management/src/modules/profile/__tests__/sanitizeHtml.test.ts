import { sanitizeNotificationHtml } from '../notifications/sanitizeHtml.ts';

function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = sanitizeNotificationHtml(html);
  return container;
}

test('strips script elements and keeps the surrounding markup', () => {
  const container = parse('<p>Import finished <b>ok</b></p><script>window.__crmPwned = "script"</script>');

  expect(container.querySelector('script')).toBeNull();
  expect(container.innerHTML).not.toContain('__crmPwned');
  expect(container.querySelector('p b')).toHaveTextContent('ok');
});

test('strips event handler attributes such as onerror', () => {
  const container = parse('<p>See the chart</p><img src="x" onerror="window.__crmPwned = \'onerror\'"><p onclick="alert(1)" onmouseover="alert(2)">hover</p>');

  const attributes = [...container.querySelectorAll('*')].flatMap((element) => element.getAttributeNames());
  expect(attributes.filter((name) => name.startsWith('on'))).toEqual([]);
  expect(container.innerHTML).not.toContain('__crmPwned');
  expect(container.querySelector('img')).toHaveAttribute('src', 'x');
});

test('strips javascript: URLs, whatever their case or padding, and keeps https links', () => {
  const container = parse('<a href="javascript:window.__crmPwned=\'link\'">open</a><a href=" JaVaScRiPt:alert(1)">two</a><a href="https://example.com/report">report</a>');

  const hrefs = [...container.querySelectorAll('a')].map((link) => link.getAttribute('href'));
  expect(hrefs.filter((href) => href !== null && /javascript:/i.test(href))).toEqual([]);
  expect(container.innerHTML).not.toContain('__crmPwned');
  expect(container.querySelector('a[href="https://example.com/report"]')).toHaveTextContent('report');
});
