/**
 * An affiliate company's API keys: listed (never the keys, only their prefixes), created and rotated (the new key shown
 * once), edited and revoked; each action shown to who may do it, as the API allows it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess, useOptionList } from '@crm/shared';
import { Button, DataTable, Flex, ReloadOutlined, StopOutlined, Tag, Typography, confirmDelete, dateTimeFormat, formatDate, renderCell, toastOutcome } from '@crm/shared/ui';
import { crudPermissions, type AffiliateKeyItem } from '@crm/shared/contract';
import {
  type IssuedKey,
  useAffiliateKeyCreateMutation,
  useAffiliateKeyRevokeMutation,
  useAffiliateKeyRotateMutation,
  useAffiliateKeysQuery,
  useAffiliateKeyUpdateMutation,
} from '../api/affiliateKeysApi.ts';
import { keyStateOf } from '../keyState.ts';
import { ApiKeyForm } from './ApiKeyForm.tsx';
import { IssuedKeyDialog } from './IssuedKeyDialog.tsx';
import { RotateKeyDialog } from './RotateKeyDialog.tsx';

const permissions = crudPermissions('settings.affiliateKey');
/** A revoked key (past its grace) can be neither rotated nor revoked again: its row offers neither. */
const working = (apiKey: AffiliateKeyItem): boolean => keyStateOf(apiKey).state !== 'revoked';
const stateColors = { active: 'success', grace: 'warning', inactive: 'default', expired: 'error', revoked: 'error' } as const;

type Dialog = { kind: 'create' } | { kind: 'edit'; key: AffiliateKeyItem } | { kind: 'rotate'; key: AffiliateKeyItem } | { kind: 'issued'; key: string; prefix: string } | null;

function KeyStateTag({ apiKey }: { apiKey: AffiliateKeyItem }) {
  const { t } = useTranslation();
  const state = keyStateOf(apiKey);
  const text =
    state.state === 'grace' ? t('settings:affiliates.keys.states.grace', { until: formatDate(state.until, dateTimeFormat) ?? '' }) : t(`settings:affiliates.keys.states.${state.state}`);
  return (
    <Tag color={stateColors[state.state]} data-testid="api-key-state">
      {text}
    </Tag>
  );
}

function LastUsed({ apiKey }: { apiKey: AffiliateKeyItem }) {
  const { t } = useTranslation();
  if (!apiKey.last_used_at) return <Typography.Text type="secondary">{t('settings:affiliates.keys.notUsed')}</Typography.Text>;
  return (
    <span>
      {renderCell('datetime', apiKey.last_used_at, t)}
      {apiKey.last_used_ip && <Typography.Text type="secondary"> {t('settings:affiliates.keys.usedFrom', { ip: apiKey.last_used_ip })}</Typography.Text>}
    </span>
  );
}

export function ApiKeysTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [dialog, setDialog] = useState<Dialog>(null);
  const keys = useAffiliateKeysQuery(companyId);
  const sources = useOptionList<{ id: number; name: string }>('sources');
  const [create, creating] = useAffiliateKeyCreateMutation();
  const [update, updating] = useAffiliateKeyUpdateMutation();
  const [revoke] = useAffiliateKeyRevokeMutation();
  const [rotate, rotating] = useAffiliateKeyRotateMutation();
  const field = (name: string) => t(`settings:affiliates.keys.fields.${name}`);
  const sourceName = (id: number) => sources.data.find((source) => source.id === id)?.name ?? `#${id}`;

  function confirmRevoke(apiKey: AffiliateKeyItem) {
    confirmDelete(
      t,
      () => void toastOutcome(() => revoke({ companyId, id: apiKey.id }).unwrap(), { successMessage: () => t('settings:affiliates.keys.revoked') }),
      t('settings:affiliates.keys.revokeConfirm', { name: apiKey.name, prefix: apiKey.key_prefix }),
    );
  }

  /** The key goes to the dialog only: the mutation's result (in the store) is dropped. */
  function showIssued(answer: IssuedKey) {
    setDialog({ kind: 'issued', key: answer.data.key, prefix: answer.data.key_prefix });
  }

  async function rotateKey(apiKey: AffiliateKeyItem, graceHours: number) {
    const answer = await toastOutcome(() => rotate({ companyId, id: apiKey.id, graceHours }).unwrap());
    rotating.reset();
    if (answer) showIssued(answer);
  }

  return (
    <Flex vertical gap="middle" data-testid="api-keys-tab">
      {can(permissions.create) && (
        <Flex justify="end">
          <Button type="primary" onClick={() => setDialog({ kind: 'create' })} data-testid="api-key-create">
            {t('settings:affiliates.keys.create')}
          </Button>
        </Flex>
      )}
      <DataTable<AffiliateKeyItem>
        rows={keys.data?.data ?? []}
        rowKey={(apiKey) => apiKey.id}
        loading={keys.isFetching}
        columns={[
          { key: 'name', title: field('name') },
          {
            key: 'key_prefix',
            title: field('key_prefix'),
            render: (apiKey) => (
              <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
                {apiKey.key_prefix}
              </Typography.Text>
            ),
          },
          { key: 'source_id', title: field('source_id'), render: (apiKey) => sourceName(apiKey.source_id) },
          { key: 'allowed_ips', title: field('allowed_ips'), render: (apiKey) => (apiKey.allowed_ips.length > 0 ? apiKey.allowed_ips.join(', ') : t('settings:affiliates.keys.anyIp')) },
          { key: 'rate_limit_per_minute', title: field('rate_limit_per_minute') },
          { key: 'is_active', title: field('is_active'), type: 'boolean' },
          { key: 'expires_at', title: field('expires_at'), render: (apiKey) => (apiKey.expires_at ? renderCell('datetime', apiKey.expires_at, t) : t('settings:affiliates.keys.never')) },
          { key: 'last_used', title: field('last_used'), render: (apiKey) => <LastUsed apiKey={apiKey} /> },
          { key: 'state', title: field('state'), render: (apiKey) => <KeyStateTag apiKey={apiKey} /> },
        ]}
        actions={{
          edit: { permission: permissions.update, run: (apiKey) => setDialog({ kind: 'edit', key: apiKey }) },
          extra: [
            // Rotating issues a key, so it asks what creating one does (as the API does).
            {
              key: 'rotate',
              label: t('settings:affiliates.keys.rotate'),
              icon: <ReloadOutlined />,
              permission: permissions.create,
              shown: working,
              run: (apiKey) => setDialog({ kind: 'rotate', key: apiKey }),
            },
            { key: 'revoke', label: t('settings:affiliates.keys.revoke'), icon: <StopOutlined />, permission: permissions.delete, shown: working, run: confirmRevoke },
          ],
        }}
      />
      {dialog?.kind === 'create' && (
        <ApiKeyForm
          editing={null}
          saving={creating.isLoading}
          onSave={(body) => create({ companyId, body }).unwrap()}
          onSaved={(answer) => {
            creating.reset();
            showIssued(answer);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'edit' && (
        <ApiKeyForm
          editing={dialog.key}
          saving={updating.isLoading}
          onSave={async (body) => {
            await update({ companyId, id: dialog.key.id, body }).unwrap();
            return { message: t('settings:affiliates.keys.saved') };
          }}
          onSaved={() => setDialog(null)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'rotate' && (
        <RotateKeyDialog apiKey={dialog.key} rotating={rotating.isLoading} onRotate={(graceHours) => void rotateKey(dialog.key, graceHours)} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'issued' && <IssuedKeyDialog issuedKey={dialog.key} prefix={dialog.prefix} onClose={() => setDialog(null)} />}
    </Flex>
  );
}
