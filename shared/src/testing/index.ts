/** Test helpers of the frontend packages (`@crm/shared/testing`); never imported by product code. */
// The jest-dom matchers (installed by setupTests.ts) for every package whose tests import these helpers.
/// <reference types="@testing-library/jest-dom" />
export * from './renderWithProviders.tsx';
export * from './memoryStorage.ts';
export * from './fixtures.ts';
export * from './httpAdapter.ts';
export { en, initTestI18n, testResources } from './i18nForTests.ts';
export * from './stubApi.ts';
export { antdStyleContainer } from './antdStyles.tsx';
