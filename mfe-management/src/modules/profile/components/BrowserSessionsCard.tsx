/** My browser sessions, the current one marked, and logging out all the others after a confirm. */
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrowserSession } from '@crm/shared/contract';
import { Button, Card, Modal, renderCell, Table, Tag, toastOutcome, type TableColumnsType } from '@crm/shared/ui';
import { useBrowserSessionsQuery, useLogoutOtherSessionsMutation } from '../api/profileApi.ts';

/** Row attributes a browser test can find the current session by. */
function sessionRowAttributes(session: BrowserSession): HTMLAttributes<HTMLElement> {
  const attributes = { 'data-current': String(session.is_current), 'data-session-id': String(session.id), className: session.is_current ? 'browser-session-current' : '' };
  return attributes;
}

export function BrowserSessionsCard() {
  const { t } = useTranslation();
  const sessions = useBrowserSessionsQuery();
  const [logoutOthers, loggingOut] = useLogoutOtherSessionsMutation();
  const rows = sessions.data?.data ?? [];
  const hasOthers = rows.some((session) => !session.is_current);

  const columns: TableColumnsType<BrowserSession> = [
    {
      key: 'device',
      title: t('management:profile.sessions.device'),
      render: (_value, session) => (
        <>
          {renderCell('text', session.user_agent ?? t('management:profile.sessions.unknown_device'), t)}
          {session.is_current && (
            <Tag color="success" style={{ marginInlineStart: 8 }} data-testid="current-session-tag">
              {t('management:profile.sessions.this_device')}
            </Tag>
          )}
        </>
      ),
    },
    { key: 'ip', title: t('management:profile.sessions.ip'), render: (_value, session) => session.ip ?? t('not_set') },
    { key: 'last_active', title: t('management:profile.sessions.last_active'), render: (_value, session) => renderCell('datetime', session.last_active, t) },
    { key: 'expires_at', title: t('management:profile.sessions.expires'), render: (_value, session) => renderCell('datetime', session.expires_at, t) },
  ];

  function confirmLogoutOthers() {
    Modal.confirm({
      title: t('management:profile.sessions.confirm_title'),
      content: t('management:profile.sessions.confirm_text'),
      okText: t('management:profile.sessions.confirm_ok'),
      cancelText: t('confirm.no'),
      okButtonProps: { danger: true },
      onOk: () => toastOutcome(() => logoutOthers().unwrap()),
    });
  }

  return (
    <Card
      title={t('management:profile.sessions.title')}
      data-testid="browser-sessions"
      extra={
        <Button danger loading={loggingOut.isLoading} disabled={!hasOthers} onClick={confirmLogoutOthers}>
          {t('management:profile.sessions.logout_others')}
        </Button>
      }
    >
      <Table<BrowserSession>
        rowKey={(session) => session.id}
        columns={columns}
        dataSource={rows}
        loading={sessions.isFetching}
        pagination={false}
        onRow={sessionRowAttributes}
        aria-label={t('management:profile.sessions.title')}
      />
    </Card>
  );
}
