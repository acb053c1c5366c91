/** A department's evidence of the week on show, as CSV or XLSX: its cohort with every report and call of its broker. */
import { useTranslation } from 'react-i18next';
import type { ShaveWatch } from '@crm/shared/contract';
import { downloadFile } from '../api/reportExport.ts';
import { DownloadButtons } from './DownloadButtons.tsx';

export function ShaveEvidence({ watch, departmentId }: { watch: ShaveWatch; departmentId: number }) {
  const { t } = useTranslation();
  return (
    <DownloadButtons
      size="small"
      download={(format) =>
        // The week the table shows (the API's default resolved), so the file holds the leads counted there.
        downloadFile(
          '/reports/shave-watch/evidence',
          { department_id: departmentId, week: watch.week, time_zone: watch.time_zone, horizon_days: watch.horizon_days, format },
          `shave-evidence_${departmentId}_${watch.week}.${format}`,
        )
      }
      textOf={(format) => t(`dashboard:reports.shave.evidence.${format}`)}
      labelOf={(format) => t(`dashboard:reports.shave.evidence.${format}Label`)}
      testIdOf={(format) => `shave-evidence-${format}`}
    />
  );
}
