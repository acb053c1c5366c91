import { Placeholder } from '../Placeholder.tsx';

export default function JobsPage() {
  return <Placeholder titleKey="menu.profile.jobs" />;
}
