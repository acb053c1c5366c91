/** A CSV and an XLSX button for one file: the one pressed spins until the file is saved, the other waits for it. */
import { useState } from 'react';
import { Button, Flex, toastOutcome } from '@crm/shared/ui';
import type { ReportExportFormat } from '../api/reportExport.ts';

const formats: readonly ReportExportFormat[] = ['csv', 'xlsx'];

type Props = {
  download(format: ReportExportFormat): Promise<void>;
  /** Each button's text, and its accessible name when the text alone would not say what it downloads. */
  textOf(format: ReportExportFormat): string;
  labelOf?(format: ReportExportFormat): string;
  testIdOf(format: ReportExportFormat): string;
  disabled?: boolean;
  size?: 'small' | 'middle';
};

export function DownloadButtons({ download, textOf, labelOf, testIdOf, disabled = false, size = 'middle' }: Props) {
  const [running, setRunning] = useState<ReportExportFormat | null>(null);

  async function downloadAs(format: ReportExportFormat) {
    setRunning(format);
    // The file is the answer: no success toast; a refusal's message is toasted.
    await toastOutcome(() => download(format), { successMessage: () => '' });
    setRunning(null);
  }

  return (
    <Flex gap={size === 'small' ? 4 : 8}>
      {formats.map((format) => (
        <Button
          key={format}
          size={size}
          onClick={() => void downloadAs(format)}
          loading={running === format}
          disabled={disabled || (running !== null && running !== format)}
          data-testid={testIdOf(format)}
          {...(labelOf ? { 'aria-label': labelOf(format) } : {})}
        >
          {textOf(format)}
        </Button>
      ))}
    </Flex>
  );
}
