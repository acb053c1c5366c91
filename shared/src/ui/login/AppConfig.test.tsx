import { act } from 'react';
import { Empty, Pagination } from 'antd';
import common from '../../../../host/public/locales/de/common.json';
import { i18n } from '../../core/i18n/i18n.ts';
import { initTestI18n } from '../../testing/i18nForTests.ts';
import { renderWithProviders, screen } from '../../testing/renderWithProviders.tsx';

beforeAll(() => i18n.addResourceBundle('de', 'common', common));
afterEach(() => initTestI18n());

/** The empty state's description (its image's <title> says "No data" too, in every language). */
function emptyText(): Element {
  const description = document.querySelector('.ant-empty-description');
  if (description === null) throw new Error('no empty state rendered');
  return description;
}

test("antd's own texts follow the console's language, as the page's lang does", async () => {
  renderWithProviders(
    <>
      <Empty />
      <Pagination total={100} showSizeChanger />
    </>,
  );
  expect(emptyText()).toHaveTextContent('No data');
  expect(screen.getByText('10 / page')).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('en');

  await act(() => i18n.changeLanguage('de'));
  expect(emptyText()).toHaveTextContent('Keine Daten');
  expect(screen.getByText('10 / Seite')).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('de');
});

test('a language antd has no texts for keeps its English', async () => {
  renderWithProviders(<Empty />);
  await act(() => i18n.changeLanguage('fr'));
  expect(emptyText()).toHaveTextContent('No data');
  expect(document.documentElement.lang).toBe('fr');
});
