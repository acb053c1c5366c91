/**
 * An affiliate company's postbacks (docs/product.md#affiliate-postbacks), a tab of its page: one URL template per event,
 * set up, edited, deleted and tried ("send test postback", whose outcome shows here), and the delivery log.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, confirmDelete, DataTable, Flex, Space, Tag, toastOutcome, Typography } from '@crm/shared/ui';
import { useAccess } from '@crm/shared';
import { affiliatePostbackEvents, crudPermissions, type AffiliatePostbackEvent, type AffiliatePostbackItem, type AffiliatePostbackOutcome } from '@crm/shared/contract';
import {
  useAffiliatePostbackCreateMutation,
  useAffiliatePostbackDeleteMutation,
  useAffiliatePostbacksQuery,
  useAffiliatePostbackTestMutation,
  useAffiliatePostbackUpdateMutation,
} from './api/postbacksApi.ts';
import { PostbackDeliveryLog } from './PostbackDeliveryLog.tsx';
import { PostbackForm, type PostbackFormValues } from './PostbackForm.tsx';

const permissions = crudPermissions('settings.affiliatePostback');
type EventRow = { event: AffiliatePostbackEvent; item: AffiliatePostbackItem | null };
type Tried = { event: AffiliatePostbackEvent; outcome: AffiliatePostbackOutcome };

function TestOutcome({ tried }: { tried: Tried }) {
  const { t } = useTranslation();
  const { outcome } = tried;
  const answer = outcome.status === null ? outcome.error : t('settings:postbacks.answered', { status: outcome.status, ms: outcome.duration_ms });
  return (
    <Alert
      data-testid="postback-test-outcome"
      type={outcome.delivered ? 'success' : 'error'}
      showIcon
      message={`${t(`settings:postbacks.events.${tried.event}`)}: ${outcome.delivered ? t('settings:postbacks.delivered') : t('settings:postbacks.notDelivered')} — ${answer}`}
      description={
        <>
          <Typography.Text code>{`${outcome.method} ${outcome.url}`}</Typography.Text>
          {outcome.body_excerpt !== null && outcome.body_excerpt !== '' && <pre style={{ whiteSpace: 'pre-wrap', margin: '8px 0 0' }}>{outcome.body_excerpt}</pre>}
        </>
      }
    />
  );
}

export function PostbacksTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const list = useAffiliatePostbacksQuery(companyId);
  const [create, creating] = useAffiliatePostbackCreateMutation();
  const [update, updating] = useAffiliatePostbackUpdateMutation();
  const [remove] = useAffiliatePostbackDeleteMutation();
  const [test, testing] = useAffiliatePostbackTestMutation();
  const [editing, setEditing] = useState<EventRow | null>(null);
  const [tried, setTried] = useState<Tried | null>(null);
  const rows: EventRow[] = affiliatePostbackEvents.map((event) => ({ event, item: list.data?.data.find((item) => item.event === event) ?? null }));

  function save(row: EventRow, values: PostbackFormValues) {
    return (row.item ? update({ companyId, id: row.item.id, body: values }) : create({ companyId, body: { event: row.event, ...values } })).unwrap();
  }

  async function tryOut(event: AffiliatePostbackEvent, item: AffiliatePostbackItem) {
    setTried(null);
    const answer = await toastOutcome(() => test({ id: item.id }).unwrap(), { successMessage: () => '' });
    if (answer) setTried({ event, outcome: answer.data });
  }

  const actions = ({ event, item }: EventRow) => (
    <Space size="small">
      {item === null && can(permissions.create) && (
        <Button size="small" onClick={() => setEditing({ event, item })}>
          {t('settings:postbacks.setUp')}
        </Button>
      )}
      {item !== null && can(permissions.update) && (
        <>
          <Button size="small" onClick={() => setEditing({ event, item })}>
            {t('actions.edit')}
          </Button>
          <Button size="small" loading={testing.isLoading && testing.originalArgs?.id === item.id} onClick={() => void tryOut(event, item)}>
            {t('settings:postbacks.test')}
          </Button>
        </>
      )}
      {item !== null && can(permissions.delete) && (
        <Button size="small" danger onClick={() => confirmDelete(t, () => void toastOutcome(() => remove({ companyId, id: item.id }).unwrap()))}>
          {t('actions.delete')}
        </Button>
      )}
    </Space>
  );

  return (
    <Flex vertical gap="middle" data-testid="postbacks-tab">
      <Card title={t('settings:postbacks.title')} data-testid="postback-templates">
        <DataTable<EventRow>
          rows={rows}
          rowKey={(row) => row.event}
          loading={list.isFetching}
          columns={[
            { key: 'event', title: t('settings:postbacks.event'), render: (row) => t(`settings:postbacks.events.${row.event}`) },
            { key: 'method', title: t('settings:postbacks.method'), render: (row) => row.item?.method ?? '' },
            {
              key: 'url_template',
              title: t('settings:postbacks.urlTemplate'),
              render: (row) =>
                row.item ? <Typography.Text code>{row.item.url_template}</Typography.Text> : <Typography.Text type="secondary">{t('settings:postbacks.notSet')}</Typography.Text>,
            },
            {
              key: 'is_active',
              title: t('settings:postbacks.active'),
              render: (row) => row.item && <Tag color={row.item.is_active ? 'green' : 'default'}>{t(row.item.is_active ? 'settings:postbacks.on' : 'settings:postbacks.off')}</Tag>,
            },
            { key: 'actions', title: t('table.actions'), render: actions },
          ]}
        />
        {tried && <TestOutcome tried={tried} />}
      </Card>
      {can(permissions.view) && <PostbackDeliveryLog companyId={companyId} />}
      {editing && (
        <PostbackForm
          event={editing.event}
          editing={editing.item}
          saving={creating.isLoading || updating.isLoading}
          onSave={(values) => save(editing, values)}
          onClose={() => setEditing(null)}
        />
      )}
    </Flex>
  );
}
