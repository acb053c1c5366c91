import { RemotePage } from '../RemotePage.ts';
import { JobsTable } from '../modules/profile/jobs/JobsTable.tsx';

/** Route `profile/jobs` (user.profile.job.view). */
export default function JobsPage() {
  return (
    <RemotePage>
      <JobsTable />
    </RemotePage>
  );
}
