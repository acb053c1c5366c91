/** Jest setup of every frontend package, after the test framework: jest-dom matchers and i18n. */
import '@testing-library/jest-dom';
import { initTestI18n } from './i18nForTests.ts';

beforeAll(async () => {
  await initTestI18n();
});
