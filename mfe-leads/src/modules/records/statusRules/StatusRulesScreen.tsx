/** Lead status settings (lead/status/settings): the rules the scheduled job applies, and "run now". */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '@crm/shared';
import { Button, Card, DataTable, ListHeader, toastOutcome, useListState } from '@crm/shared/ui';
import { crudPermissions, type Job, type LeadStatusSettingItem } from '@crm/shared/contract';
import { useStatusRuleDeleteMutation, useStatusRulesQuery } from '../api/statusRulesApi.ts';
import { RulesJobStarted, RunRulesNowButton } from './RunRulesNow.tsx';
import { StatusRuleForm } from './StatusRuleForm.tsx';

const permissions = crudPermissions('lead.statusSetting');
type Editing = { item: LeadStatusSettingItem | null } | null;

export function StatusRulesScreen() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const listState = useListState();
  const [editing, setEditing] = useState<Editing>(null);
  const [startedJob, setStartedJob] = useState<Job | null>(null);
  const list = useStatusRulesQuery(listState.params);
  const [remove] = useStatusRuleDeleteMutation();

  return (
    <Card data-testid="rules-screen">
      <ListHeader title={t('menu.leads.statusSettings')}>
        {can('lead.statusSetting.run') && <RunRulesNowButton onStarted={setStartedJob} />}
        {can(permissions.create) && (
          <Button type="primary" data-testid="rules-create" onClick={() => setEditing({ item: null })}>
            {t('resource.create')}
          </Button>
        )}
      </ListHeader>
      {startedJob && <RulesJobStarted job={startedJob} onClose={() => setStartedJob(null)} />}
      <DataTable<LeadStatusSettingItem>
        rows={list.data?.data ?? []}
        rowKey={(row) => row.id}
        loading={list.isFetching}
        columns={[
          { key: 'condition_status', title: t('leads:leads.rules.condition'), type: 'status' },
          { key: 'last_status', title: t('leads:leads.rules.last'), type: 'status' },
          {
            key: 'duration_day',
            title: t('leads:leads.rules.duration'),
            render: (row) => (row.ignore_duration ? t('leads:leads.rules.atOnce') : t('leads:leads.rules.days', { count: row.duration_day })),
          },
          { key: 'ignore_duration', title: t('leads:leads.rules.ignoreDuration'), type: 'boolean' },
          { key: 'updated_at', title: t('leads:leads.rules.updated'), type: 'datetime' },
        ]}
        actions={{
          edit: { permission: permissions.update, run: (row) => setEditing({ item: row }) },
          delete: { permission: permissions.delete, run: (row) => void toastOutcome(() => remove(row.id).unwrap()) },
        }}
        pagination={listState.pagination(list.data?.meta.total ?? 0)}
      />
      {editing && <StatusRuleForm editing={editing.item} onClose={() => setEditing(null)} />}
    </Card>
  );
}
