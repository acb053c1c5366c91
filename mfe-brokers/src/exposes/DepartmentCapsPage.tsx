import { RemotePage } from '../RemotePage.ts';
import { CapsBoardScreen } from '../modules/distribution/components/CapsBoardScreen.tsx';

export default function DepartmentCapsPage() {
  return (
    <RemotePage>
      <CapsBoardScreen />
    </RemotePage>
  );
}
