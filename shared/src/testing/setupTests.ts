/** Jest setup of every frontend package, after the test framework: jest-dom matchers, async timeouts and i18n. */
import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';
import { initTestI18n } from './i18nForTests.ts';
import { keepStaticDialogStylesOut } from './antdStyles.tsx';
import { endTestStores } from './renderWithProviders.tsx';

// findBy… and waitFor wait 5 s, not 1 s: a 2-core CI machine running several suites at once is slow, not wrong.
configure({ asyncUtilTimeout: 5_000 });
keepStaticDialogStylesOut();

beforeAll(async () => {
  await initTestI18n();
});

afterEach(() => {
  // Unmounted first (Testing Library's own cleanup, which is idempotent), then the stores' cache entries ended.
  cleanup();
  endTestStores();
});
