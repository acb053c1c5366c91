/** Every remote page mounts through here: error boundary + Suspense + Retry (STYLE 14). */
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRuntimeConfig } from '@crm/shared';
import { Button, ReloadOutlined, Result } from '@crm/shared/ui';
import { FullPageLoader } from '@crm/shared/ui/login';
import { loadPage, type RemoteLoadError } from '../federation/loadPage.ts';
import { RemoteErrorBoundary } from './RemoteErrorBoundary.tsx';

function RemoteFailure({ error, retry }: { error: RemoteLoadError; retry(): void }) {
  const { t } = useTranslation();
  const seconds = Math.round(getRuntimeConfig().remoteEntryTimeoutMs / 1000);
  // Staff read the part of the console by its name ("Settings"), not the federation's ("mfe_settings").
  const remote = t(`remote.names.${error.remote}`, { defaultValue: error.remote });
  const detail =
    error.kind === 'timeout'
      ? t('remote.timeout', { remote, seconds })
      : error.kind === 'chunk'
        ? t('remote.chunk_failed', { chunk: error.chunk, type: error.chunkFailureType })
        : error.kind === 'render'
          ? t('remote.render_failed', { remote })
          : t('remote.unavailable', { remote });
  // A lost chunk may be one of the shared modules, whose failed load the federation runtime keeps for the
  // life of the page: only a fresh page retries it for sure. Other failures retry in place.
  const onRetry = error.kind === 'chunk' ? () => window.location.reload() : retry;
  return (
    <Result
      status="warning"
      title={t('remote.failed_title')}
      subTitle={detail}
      data-testid="remote-error"
      data-kind={error.kind}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
}

/** One lazy page per attempt: React.lazy keeps a failed load, so each Retry (a new `_attempt`) needs a new one. */
function lazyPage(remote: string, page: string, _attempt: number) {
  return lazy(() => loadPage(remote, page, getRuntimeConfig().pageLoadDelayMs));
}

export function RemotePage({ remote, page }: { remote: string; page: string }) {
  const [attempt, setAttempt] = useState(0);
  const Page = useMemo(() => lazyPage(remote, page, attempt), [remote, page, attempt]);
  return (
    <RemoteErrorBoundary
      key={`${remote}/${page}/${attempt}`}
      remote={remote}
      onRetry={() => setAttempt((value) => value + 1)}
      renderError={(error, retry) => <RemoteFailure error={error} retry={retry} />}
    >
      <Suspense fallback={<FullPageLoader />}>
        {/* Which remote renders here: for people debugging a page and for the browser tests. */}
        <div data-remote-page={remote}>
          <Page />
        </div>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
