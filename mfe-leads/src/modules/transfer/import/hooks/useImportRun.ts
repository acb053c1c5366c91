/**
 * Sending a draft: the file is uploaded once per pick, then dry-run or imported. A dry run's report holds for
 * the draft it was made of only, and the import is offered while it holds. Refusals land where they show
 * (`placeImportErrors`); a 5xx or a lost connection has been told by the one HTTP client already.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '@crm/shared';
import { refusalMessageOf } from '@crm/shared/ui';
import type { ImportReport, ImportUpload, Job } from '@crm/shared/contract';
import { useLeadImportDryRunMutation, useLeadImportStartMutation, useLeadImportUploadMutation } from '../api/importApi.ts';
import { mapsContact } from '../mapping/columnMapping.ts';
import { placeImportErrors, type ImportErrors } from '../request/importErrors.ts';
import { draftKey, importRequestOf, sendsNowhere, type ImportDraft } from '../request/importRequestBody.ts';
import type { PickedFile } from './useImportDraft.ts';

export type ImportRunState = {
  errors: ImportErrors;
  /** The dry run of the current draft, if one was made. */
  report: ImportReport | null;
  job: Job | null;
  /** The broker department the started import sends its leads to ("import then send"), if any. */
  sentTo: number | null;
  busy: boolean;
  dryRun(): Promise<void>;
  start(): Promise<void>;
};

export function useImportRun(picked: PickedFile | null, draft: ImportDraft): ImportRunState {
  const { t } = useTranslation('leads');
  const [upload, uploading] = useLeadImportUploadMutation();
  const [askDryRun, dryRunning] = useLeadImportDryRunMutation();
  const [askStart, starting] = useLeadImportStartMutation();
  const [uploaded, setUploaded] = useState<{ pick: string; upload: ImportUpload } | null>(null);
  const [dryRunOf, setDryRunOf] = useState<{ key: string; report: ImportReport } | null>(null);
  const [errorsOf, setErrorsOf] = useState<{ pick: string | null; errors: ImportErrors }>({ pick: null, errors: {} });
  const [job, setJob] = useState<Job | null>(null);
  const [sentTo, setSentTo] = useState<number | null>(null);

  const pick = picked?.key ?? null;
  const key = picked ? draftKey(picked.key, draft) : null;
  const report = dryRunOf && dryRunOf.key === key ? dryRunOf.report : null;
  // A new file starts without the last file's errors.
  const errors = errorsOf.pick === pick ? errorsOf.errors : {};
  const showErrors = useCallback((shown: ImportErrors) => setErrorsOf({ pick, errors: shown }), [pick]);

  const fail = useCallback(
    (error: unknown) => {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) {
        // An expired or refused upload is sent again next time.
        if ('file' in fields || 'upload_id' in fields) setUploaded(null);
        showErrors(placeImportErrors(fields));
        return;
      }
      const message = refusalMessageOf(error);
      showErrors(message ? { file: message } : {});
    },
    [showErrors],
  );

  const uploadOnce = useCallback(async (): Promise<ImportUpload | null> => {
    if (!picked) return null;
    if (uploaded?.pick === picked.key) return uploaded.upload;
    try {
      const done = await upload(picked.file).unwrap();
      setUploaded({ pick: picked.key, upload: done });
      return done;
    } catch (error) {
      fail(error);
      return null;
    }
  }, [fail, picked, upload, uploaded]);

  const dryRun = useCallback(async () => {
    if (!picked || !key) return;
    if (!mapsContact(draft.mapping)) {
      showErrors({ columns: t('leads.import.errors.needsContact') });
      return;
    }
    showErrors({});
    const file = await uploadOnce();
    if (!file) return;
    try {
      setDryRunOf({ key, report: await askDryRun(importRequestOf(file.upload_id, draft)).unwrap() });
    } catch (error) {
      fail(error);
    }
  }, [askDryRun, draft, fail, key, picked, showErrors, t, uploadOnce]);

  const start = useCallback(async () => {
    if (!report) return;
    if (sendsNowhere(draft)) {
      showErrors({ send_department_id: t('leads.import.options.sendDepartmentRequired') });
      return;
    }
    showErrors({});
    const file = await uploadOnce();
    if (!file) return;
    try {
      setJob(await askStart(importRequestOf(file.upload_id, draft)).unwrap());
      setSentTo(draft.send.on ? draft.send.departmentId : null);
    } catch (error) {
      fail(error);
    }
  }, [askStart, draft, fail, report, showErrors, t, uploadOnce]);

  return { errors, report, job, sentTo, busy: uploading.isLoading || dryRunning.isLoading || starting.isLoading, dryRun, start };
}
