/**
 * What the hours, caps and settings forms share: waiting for their data, a 422's messages under their fields, and the
 * save button of those who may edit.
 *
 * A 422's field names (`windows.2.from`, `caps.1.country`, `closed_dates.0`) as the form's name paths: the forms send
 * their lists in the order they show them, so an index names the row on screen. A list of plain values (closed
 * dates) is one field: its messages go under it.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, LoadFailed, placeFieldErrors, Spin, type FormInstance } from '@crm/shared/ui';

type NamePath = (string | number)[];

function namePathOf(key: string, wholeLists: readonly string[] = []): NamePath {
  const [head = key, ...rest] = key.split('.');
  if (wholeLists.includes(head)) return [head];
  return [head, ...rest.map((part) => (/^\d+$/.test(part) ? Number(part) : part))];
}

/** For `toastOutcome`: each message under its field; true when there was any (no toast then). */
export function showErrorsIn<Values>(form: FormInstance<Values>, wholeLists: readonly string[] = []): (errors: Record<string, string>) => boolean {
  return (errors) => {
    const entries = Object.entries(errors);
    placeFieldErrors(
      form,
      entries.map(([key, message]) => ({ name: namePathOf(key, wholeLists) as never, errors: [message] })),
    );
    return entries.length > 0;
  };
}

type Loading<Data> = { isError: boolean; data?: { data: Data } | undefined; refetch(): unknown };

/** The form once its data is there; a spinner before, a retry when loading failed. */
export function WhenLoaded<Data>({ query, testId, children }: { query: Loading<Data>; testId: string; children(data: Data): ReactNode }) {
  if (query.isError) return <LoadFailed retry={() => void query.refetch()} testId={`${testId}-failed`} />;
  if (!query.data) return <Spin data-testid={`${testId}-loading`} />;
  return children(query.data.data);
}

/** The form's Save, at its end; nothing for those who may not edit. */
export function SaveButton({ editable, saving }: { editable: boolean; saving: boolean }) {
  const { t } = useTranslation();
  if (!editable) return null;
  return (
    <Flex justify="end">
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('resource.save')}
      </Button>
    </Flex>
  );
}
