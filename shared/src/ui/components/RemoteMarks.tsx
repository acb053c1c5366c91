/**
 * What a remote's own build puts on every page it serves: its build label (set only in test builds, where
 * the federation tests use it to prove an independent deploy) and, in a fault-injection build, a throw while
 * rendering (the browser tests prove a crashing remote is contained). The remote passes its own build-time
 * values (`process.env.CRM_*` are replaced in the remote's bundle, not in this shared module).
 */
import { Typography } from 'antd';

export type RemoteMarksProps = {
  remote: string;
  buildLabel: string | undefined;
  /** 'render' in a fault-injection build. */
  fault: string | undefined;
};

export function RemoteMarks({ remote, buildLabel, fault }: RemoteMarksProps) {
  if (fault === 'render') throw new Error(`${remote} was built to fail while rendering`);
  return buildLabel ? (
    <Typography.Text type="secondary" data-testid="build-label" style={{ fontSize: 12 }}>
      {buildLabel}
    </Typography.Text>
  ) : null;
}
