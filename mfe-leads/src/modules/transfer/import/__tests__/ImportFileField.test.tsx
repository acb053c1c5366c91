import { act } from 'react';
import { i18n } from '@crm/shared';
import { fireEvent, initTestI18n, renderWithProviders, screen, waitFor } from '@crm/shared/testing';
import '../../../../i18n/index.ts';
import { ImportFileField } from '../components/ImportFileField.tsx';

afterEach(() => initTestI18n());

test("the file's row limit is written the way the console's language writes numbers", async () => {
  renderWithProviders(<ImportFileField file={null} refusal={null} previewError={null} serverError={undefined} disabled={false} onChoose={jest.fn()} />);
  expect(screen.getByText(/at most 200,000 rows/)).toBeInTheDocument();
  await act(() => i18n.changeLanguage('de'));
  expect(screen.getByText(/höchstens 200\.000 Zeilen/)).toBeInTheDocument();
});

test("the field asks for the file in the console's language", async () => {
  renderWithProviders(<ImportFileField file={null} refusal={null} previewError={null} serverError={undefined} disabled={false} onChoose={jest.fn()} />);
  expect(screen.getByText('Drop a file here, or click to choose one')).toBeInTheDocument();
  await act(() => i18n.changeLanguage('de'));
  expect(screen.getByText('Datei hierher ziehen oder klicken, um eine auszuwählen')).toBeInTheDocument();
});

test('a file dropped on the field is chosen whatever its type, so the dialog can say why a type is refused', async () => {
  const onChoose = jest.fn();
  renderWithProviders(<ImportFileField file={null} refusal={null} previewError={null} serverError={undefined} disabled={false} onChoose={onChoose} />);
  const dropped = new File(['a;b\n1;2\n'], 'leads.txt', { type: 'text/plain' });
  fireEvent.drop(screen.getByRole('button', { name: /Drop a file here/ }), { dataTransfer: { files: [dropped] } });
  await waitFor(() => expect(onChoose).toHaveBeenCalledTimes(1));
  expect(onChoose.mock.calls[0]?.[0]).toMatchObject({ name: 'leads.txt' });
});

test('a file past the import’s bounds gets a plain error under the field', () => {
  renderWithProviders(<ImportFileField file={null} refusal={null} previewError="tooBig" serverError={undefined} disabled={false} onChoose={jest.fn()} />);
  expect(screen.getByTestId('lead-import-error')).toHaveTextContent('The file unpacks to far more than a list of leads needs, so it cannot be previewed or imported');
});
