import { act } from 'react';
import { i18n } from '@crm/shared';
import { initTestI18n, renderWithProviders, screen } from '@crm/shared/testing';
import '../../../../i18n/index.ts';
import { ImportFileField } from '../components/ImportFileField.tsx';

afterEach(() => initTestI18n());

test("the file's row limit is written the way the console's language writes numbers", async () => {
  renderWithProviders(<ImportFileField file={null} refusal={null} previewError={null} serverError={undefined} disabled={false} onChoose={jest.fn()} />);
  expect(screen.getByText(/at most 200,000 rows/)).toBeInTheDocument();
  await act(() => i18n.changeLanguage('de'));
  expect(screen.getByText(/höchstens 200\.000 Zeilen/)).toBeInTheDocument();
});
