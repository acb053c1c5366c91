import { act } from 'react';
import { Button, Empty, Pagination } from 'antd';
import common from '../../../../host/public/locales/de/common.json';
import { i18n } from '../../core/i18n/i18n.ts';
import { initTestI18n } from '../../testing/i18nForTests.ts';
import { renderWithProviders, screen } from '../../testing/renderWithProviders.tsx';
import { antdStyleContainer } from '../../testing/antdStyles.tsx';
import { confirmDelete } from '../components/confirm.ts';
import { consoleTheme } from './theme.ts';

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

/** The value antd's CSS variables give `element` for `variable`, from the scope (a `css-var-*` class) it sits in. */
function antdVariableOf(element: HTMLElement, variable: string): string | undefined {
  const scope = [...element.classList].find((name) => name.startsWith('css-var-'));
  const rules = [...antdStyleContainer.querySelectorAll('style')].map((style) => style.textContent ?? '');
  const variables = rules.find((rule) => rule.startsWith(`.${scope}{`));
  return new RegExp(`--ant-${variable}:([^;]+)`).exec(variables ?? '')?.[1];
}

const errorColourOf = (element: HTMLElement) => antdVariableOf(element, 'color-error');

test("a confirm dialog, which antd renders outside the tree, takes the console's theme", async () => {
  renderWithProviders(<Button danger>In the tree</Button>);
  expect(errorColourOf(screen.getByRole('button', { name: 'In the tree' }))).toBe(consoleTheme.token.colorError);

  act(() => confirmDelete(i18n.t.bind(i18n), () => undefined));
  const yes = await screen.findByRole('button', { name: 'Yes' });
  expect(errorColourOf(yes)).toBe(consoleTheme.token.colorError);
});

test("the tests keep antd's component styles out of the document, where jsdom would match every element against them", () => {
  renderWithProviders(<Button>Styled</Button>);
  const text = (styles: Iterable<HTMLStyleElement>) => [...styles].map((style) => style.textContent).join('');
  expect(text(antdStyleContainer.querySelectorAll('style'))).toContain('.ant-btn');
  expect(text(document.querySelectorAll('style'))).not.toContain('.ant-btn');
});

test("antd's motion follows the system's reduced-motion setting", () => {
  const matchMedia = window.matchMedia;
  const { unmount } = renderWithProviders(<Button>Moving</Button>);
  expect(antdVariableOf(screen.getByRole('button', { name: 'Moving' }), 'motion-duration-mid')).toBe('0.2s');
  unmount();
  try {
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === '(prefers-reduced-motion: reduce)' });
    renderWithProviders(<Button>Still</Button>);
    expect(antdVariableOf(screen.getByRole('button', { name: 'Still' }), 'motion-duration-mid')).toBe('0s');
  } finally {
    window.matchMedia = matchMedia;
  }
});
