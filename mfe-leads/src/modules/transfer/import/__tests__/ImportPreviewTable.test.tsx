import { columnLetters } from '@crm/shared';
import { renderWithProviders, screen } from '@crm/shared/testing';
import { importMaxColumns } from '@crm/shared/contract';
import '../../../../i18n/index.ts';
import { ImportPreviewTable } from '../components/ImportPreviewTable.tsx';
import { previewOfRows } from '../preview/filePreview.ts';

jest.setTimeout(60_000);

const row = (width: number) => Array.from({ length: width }, (_, index) => `c${index + 1}`);

function renderPreview(topRows: string[][]) {
  const preview = previewOfRows(topRows, 1);
  renderWithProviders(
    <ImportPreviewTable
      preview={preview}
      reading={false}
      letters={columnLetters(Math.min(preview.columnCount, 3))}
      mapping={{}}
      startRow={1}
      firstRowIgnored={false}
      mappingError={undefined}
      onStartRow={() => undefined}
      onMap={() => undefined}
    />,
  );
}

test('says how many columns past ZZ are left out of the preview and the import', async () => {
  renderPreview([row(importMaxColumns + 3)]);
  expect(await screen.findByTestId('lead-import-columns-ignored')).toHaveTextContent('The file has 3 columns past ZZ (the 702nd): they are not shown and not imported.');
});

test('says nothing of the kind when every column is within ZZ', async () => {
  renderPreview([row(importMaxColumns)]);
  expect(await screen.findByTestId('lead-import-preview')).toBeInTheDocument();
  expect(screen.queryByTestId('lead-import-columns-ignored')).not.toBeInTheDocument();
});
