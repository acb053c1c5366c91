/**
 * The wrapper of every page a remote exposes: the screen, then what the remote's own build puts on each page — its
 * build label (set only in test builds, where the federation tests use it to prove an independent deploy) and, in a
 * fault-injection build, a throw while rendering (the browser tests prove a crashing remote is contained).
 * Each remote binds it once (its `src/RemotePage.ts`), passing its own build-time values: `process.env.CRM_*` are
 * replaced in the remote's bundle, not in this shared module (whose copy at run time may be another app's).
 */
import type { ReactElement, ReactNode } from 'react';
import { Typography } from 'antd';
import type { RemoteName } from '@crm/shared/routes';

export type RemotePageOptions = {
  remote: RemoteName;
  /** The remote's `process.env.CRM_BUILD_LABEL`. */
  buildLabel: string | undefined;
  /** The remote's `process.env.CRM_FAULT`: 'render' in a fault-injection build. */
  fault: string | undefined;
};

export type RemotePageProps = { children: ReactNode };

function RemoteMarks({ remote, buildLabel, fault }: RemotePageOptions) {
  if (fault === 'render') throw new Error(`${remote} was built to fail while rendering`);
  return buildLabel ? (
    <Typography.Text type="secondary" data-testid="build-label" style={{ fontSize: 12 }}>
      {buildLabel}
    </Typography.Text>
  ) : null;
}

/** A remote's page wrapper: `<RemotePage><Screen /></RemotePage>` in each of its `src/exposes/*`. */
export function createRemotePage(options: RemotePageOptions): (props: RemotePageProps) => ReactElement {
  return function RemotePage({ children }: RemotePageProps) {
    return (
      <>
        {children}
        <RemoteMarks {...options} />
      </>
    );
  };
}
