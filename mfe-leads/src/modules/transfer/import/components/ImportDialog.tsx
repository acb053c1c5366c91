/**
 * The lead import dialog (docs/product.md#import, issue 6): pick a file and the options, check the preview and map its
 * columns, choose fixed values, dry-run, then import and follow the job. Nothing is sent before the dry run.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Divider, Flex, Form, Modal, Tooltip } from '@crm/shared/ui';
import { useMayAutoDistribute, useMaySend } from '../../send/hooks/useMaySend.ts';
import { useImportDraft } from '../hooks/useImportDraft.ts';
import { useImportRun } from '../hooks/useImportRun.ts';
import { preloadPreviewReaders } from '../preview/previewFile.ts';
import { ImportFileField } from './ImportFileField.tsx';
import { ImportFixedFields } from './ImportFixedFields.tsx';
import { ImportJobProgress } from './ImportJobProgress.tsx';
import { ImportOptionsFields } from './ImportOptionsFields.tsx';
import { ImportPreviewTable } from './ImportPreviewTable.tsx';
import { ImportReportView } from './ImportReportView.tsx';

function ImportActions({ canDryRun, canStart, busy, onDryRun, onStart }: { canDryRun: boolean; canStart: boolean; busy: boolean; onDryRun(): void; onStart(): void }) {
  const { t } = useTranslation('leads');
  return (
    <>
      <Button data-testid="lead-import-dry-run" disabled={!canDryRun || busy} loading={busy && !canStart} onClick={onDryRun}>
        {t('leads.import.actions.dryRun')}
      </Button>
      <Tooltip title={canStart ? undefined : t('leads.import.actions.needsDryRun')}>
        <Button type="primary" data-testid="lead-import-start" disabled={!canStart || busy} loading={busy && canStart} onClick={onStart}>
          {t('leads.import.actions.start')}
        </Button>
      </Tooltip>
    </>
  );
}

export function ImportDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('leads');
  const draft = useImportDraft();
  const maySend = useMaySend();
  const mayAutoDistribute = useMayAutoDistribute();
  const run = useImportRun(draft.picked, draft.draft);
  const { picked, read } = draft;
  const started = run.job !== null;
  const ready = picked !== null && read.preview !== null && read.error === null;
  useEffect(preloadPreviewReaders, []);

  return (
    <Modal open title={t('leads.import.title')} onCancel={onClose} footer={null} width={1100} destroyOnHidden mask={{ closable: false }} data-testid="lead-import-modal">
      <Form layout="vertical" component="div" disabled={started}>
        <ImportFileField file={picked?.file ?? null} refusal={draft.refusal} previewError={read.error} serverError={run.errors.file} disabled={started} onChoose={draft.chooseFile} />
        <ImportOptionsFields
          kind={picked?.kind ?? null}
          options={draft.options}
          detectedDelimiter={read.preview?.delimiter}
          suggestIgnoringHeader={ready && draft.headerLike && !draft.options.ignoreFirstLine}
          errors={run.errors}
          onChange={draft.setOptions}
          send={maySend ? { state: draft.send, onChange: draft.setSend } : null}
          autoDistribute={mayAutoDistribute ? { on: draft.autoDistribute, onChange: draft.setAutoDistribute } : null}
        />
        {picked && !read.error && (
          <>
            <Divider titlePlacement="start">{t('leads.import.preview.title')}</Divider>
            <ImportPreviewTable
              preview={read.preview}
              reading={read.reading}
              letters={draft.letters}
              mapping={draft.mapping}
              startRow={draft.startRow}
              firstRowIgnored={draft.options.ignoreFirstLine}
              mappingError={run.errors.columns}
              onStartRow={draft.setStartRow}
              onMap={draft.mapLetter}
            />
            <Divider titlePlacement="start">{t('leads.import.fixed.title')}</Divider>
            <ImportFixedFields fixed={draft.fixed} errors={run.errors} onChange={draft.setFixed} />
          </>
        )}
      </Form>
      {run.report && !started && <ImportReportView report={run.report} title={t('leads.import.report.title')} testId="lead-import-report" />}
      {run.job && <ImportJobProgress started={run.job} sentTo={run.sentTo} />}
      <Flex gap="small" justify="end">
        <Button onClick={onClose} data-testid="lead-import-close">
          {started ? t('leads.import.actions.close') : t('common:actions.cancel')}
        </Button>
        {!started && <ImportActions canDryRun={ready} canStart={run.report !== null} busy={run.busy} onDryRun={() => void run.dryRun()} onStart={() => void run.start()} />}
      </Flex>
    </Modal>
  );
}
