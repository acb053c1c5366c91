/** "Manage export settings": every setting (anyone who may export may manage them), with create, edit and delete. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionList } from '@crm/shared';
import type { ExportSetting } from '@crm/shared/contract';
import { Button, DataTable, Flex, toastOutcome, useListState } from '@crm/shared/ui';
import { useLeadExportSettingDeleteMutation, useLeadExportSettingsQuery } from '../api/exportApi.ts';
import { ExportSettingForm, type UserChoices } from './ExportSettingForm.tsx';

type UserOption = { id: number; name: string };
type SettingRow = ExportSetting & { column_labels: string; offered_to: string };
/** No permission of its own (see the API): exporting is what lets one manage settings. */
const managePermission = 'lead.export';

export function ExportSettingsManager({ onSaved }: { onSaved(setting: ExportSetting): void }) {
  const { t } = useTranslation('leads');
  const [editing, setEditing] = useState<{ item: ExportSetting | null } | null>(null);
  const listState = useListState();
  const list = useLeadExportSettingsQuery(listState.params);
  const [remove] = useLeadExportSettingDeleteMutation();
  const userList = useOptionList<UserOption>('users');
  const users: UserChoices = { available: userList.available, loading: userList.loading, options: userList.data.map((user) => ({ value: user.id, label: user.name })) };
  const userName = new Map(userList.data.map((user) => [user.id, user.name]));

  if (editing) {
    return (
      <ExportSettingForm
        editing={editing.item}
        users={users}
        onDone={(saved) => {
          setEditing(null);
          if (saved) onSaved(saved);
        }}
      />
    );
  }

  const rows: SettingRow[] = (list.data?.data ?? []).map((setting) => ({
    ...setting,
    column_labels: setting.columns.map((column) => t(`leads.fields.${column}`)).join(', '),
    offered_to: setting.user_ids.length === 0 ? t('leads.export.settings.everyone') : setting.user_ids.map((id) => userName.get(id) ?? `#${id}`).join(', '),
  }));
  return (
    <Flex vertical gap="small">
      <Flex justify="end">
        <Button data-testid="lead-export-settings-new" onClick={() => setEditing({ item: null })}>
          {t('leads.export.settings.new')}
        </Button>
      </Flex>
      <DataTable<SettingRow>
        rows={rows}
        rowKey={(row) => row.id}
        loading={list.isFetching}
        columns={[
          { key: 'name', title: t('leads.export.settings.name') },
          { key: 'column_labels', title: t('leads.export.settings.columns') },
          { key: 'offered_to', title: t('leads.export.settings.users') },
          { key: 'updated_at', title: t('leads.fields.updated_at'), type: 'datetime' },
        ]}
        actions={{
          edit: { permission: managePermission, run: (row) => setEditing({ item: row }) },
          delete: { permission: managePermission, run: (row) => void toastOutcome(() => remove(row.id).unwrap()) },
        }}
        pagination={listState.pagination(list.data?.meta.total ?? 0)}
      />
    </Flex>
  );
}
